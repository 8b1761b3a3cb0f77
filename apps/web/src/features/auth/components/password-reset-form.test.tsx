import { MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../lib/app-provider';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { PasswordResetForm } from './password-reset-form';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

function emailField(): HTMLInputElement {
  return screen.getByLabelText('Email');
}

function resetPosts() {
  return api.requests.filter((r) => r.path === '/api/password-reset/request');
}

async function submit(email = 'ada@example.com') {
  const view = renderAt(<PasswordResetForm />, '/passwordReset');
  await view.user.type(emailField(), email);
  await view.user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return view;
}

describe('PasswordResetForm', () => {
  it('keeps the seed form: one required e-mail input and Send Reset Link', () => {
    renderAt(<PasswordResetForm />, '/passwordReset');
    expect(emailField().required).toBe(true);
    expect(emailField().type).toBe('email');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });

  it("sends the address and shows the server's neutral answer", async () => {
    api.on('POST /api/password-reset/request', {
      status: 202,
      body: { message: MESSAGES.passwordReset.requested },
    });
    await submit('  ada@example.com ');

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(MESSAGES.passwordReset.requested),
    );
    expect(resetPosts()).toHaveLength(1);
    expect(resetPosts()[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('shows Sending… and cannot be sent twice while it waits', async () => {
    api.on('POST /api/password-reset/request', 'pending');
    const { user } = await submit();

    const pending = await screen.findByRole('button', { name: 'Sending…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await user.click(pending);
    expect(resetPosts()).toHaveLength(1);
  });

  it("shows the server's words when asked too often", async () => {
    api.on('POST /api/password-reset/request', {
      status: 429,
      body: { message: 'Too many requests. Try again in a minute.', code: 'RATE_LIMITED' },
    });
    await submit();

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many requests. Try again in a minute.',
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('puts a rejected address under the field', async () => {
    api.on('POST /api/password-reset/request', {
      status: 400,
      body: {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        fields: { email: [MESSAGES.register.emailInvalid] },
      },
    });
    await submit('ada@example');

    await waitFor(() => expect(errorOf(emailField())).toBe(MESSAGES.register.emailInvalid));
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when the connection fails', async () => {
    api.on('POST /api/password-reset/request', 'network-error');
    await submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach the server. Check your connection and try again.',
      ),
    );
  });

  it('pre-renders without reading storage, time or locale, and says nothing yet', () => {
    const html = renderToString(
      <AppProvider>
        <PasswordResetForm />
      </AppProvider>,
    );
    expect(html).toContain('Send Reset Link');
    expect(html).not.toMatch(/not available|sent/i);
  });
});
