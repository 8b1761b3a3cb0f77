import { MESSAGES } from '@brokerdesk/shared';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { SetNewPassword } from './set-new-password';

const TOKEN = 'Zx9_-aQwErTyUiOpAsDfGhJkLzXcVbNm0123456789a';
const PATH = '/setNewPassword';

function openLink(fragment = `#token=${TOKEN}`) {
  window.history.replaceState(null, '', `${PATH}${fragment}`);
  return renderAt(<SetNewPassword />, PATH);
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

async function fill(user: UserEvent, password: string, confirm: string) {
  await user.type(await screen.findByLabelText('New password', { selector: 'input' }), password);
  await user.type(input('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

function confirmPosts() {
  return api.requests.filter((r) => r.path === '/api/password-reset/confirm');
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('SetNewPassword', () => {
  it('takes the token out of the address and asks for the password twice', async () => {
    openLink();
    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeTruthy();
    expect(input('Confirm new password').type).toBe('password');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(api.requests).toHaveLength(0);
  });

  it('shows and hides both passwords with one toggle', async () => {
    const { user } = openLink();
    await user.click(await screen.findByRole('button', { name: 'Show passwords' }));
    expect(input('New password').type).toBe('text');
    expect(input('Confirm new password').type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide passwords' }));
    expect(input('New password').type).toBe('password');
  });

  it('uses the registration rules and messages, and sends nothing while they fail', async () => {
    const { user } = openLink();
    await fill(user, 'abc', 'abd');
    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(MESSAGES.register.passwordTooShort),
    );
    expect(document.activeElement).toBe(input('New password'));

    await user.clear(input('New password'));
    await user.type(input('New password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(errorOf(input('Confirm new password'))).toBe(MESSAGES.register.passwordsDiffer),
    );
    expect(confirmPosts()).toHaveLength(0);
  });

  it('sends the token with both fields once, showing Saving… meanwhile', async () => {
    api.on('POST /api/password-reset/confirm', 'pending');
    const { user } = openLink();
    await fill(user, 'new-secret-1', 'new-secret-1');

    const pending = await screen.findByRole('button', { name: 'Saving…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await user.click(pending);
    expect(confirmPosts()).toHaveLength(1);
    expect(confirmPosts()[0]?.body).toEqual({
      token: TOKEN,
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(confirmPosts()[0]?.headers.get('user-token')).toBeNull();
  });

  it('on success says so, clears the stored token and links to the login', async () => {
    window.localStorage.setItem('user-token', 'old-session');
    api.on('POST /api/password-reset/confirm', {
      status: 200,
      body: { message: MESSAGES.passwordReset.done },
    });
    const { user } = openLink();
    await fill(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText(MESSAGES.passwordReset.done)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.passwordReset.done);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/userLogin');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(window.localStorage.getItem('user-token')).toBeNull();
    // Focus moves to what replaced the form.
    expect(document.activeElement?.className).toBe('token-outcome');
  });

  it.each([
    ['TOKEN_USED', 410, MESSAGES.verification.linkUsed],
    ['TOKEN_EXPIRED', 410, MESSAGES.verification.linkExpired],
    ['TOKEN_INVALID', 400, MESSAGES.verification.linkInvalid],
  ] as const)(
    'answers %s with its message and a way to a new link',
    async (code, status, message) => {
      window.localStorage.setItem('user-token', 'still-mine');
      api.on('POST /api/password-reset/confirm', { status, body: { message, code } });
      const { user } = openLink();
      await fill(user, 'new-secret-1', 'new-secret-1');

      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
        '/passwordReset',
      );
      expect(screen.queryByLabelText('New password')).toBeNull();
      expect(window.localStorage.getItem('user-token')).toBe('still-mine');
    },
  );

  it("puts the server's field messages on their fields", async () => {
    api.on('POST /api/password-reset/confirm', {
      status: 400,
      body: {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        fields: { password: [MESSAGES.register.passwordTooLong] },
      },
    });
    const { user } = openLink();
    await fill(user, 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(MESSAGES.register.passwordTooLong),
    );
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('keeps the form and says so when the server fails', async () => {
    api.on('POST /api/password-reset/confirm', { status: 500, body: { message: 'Internal' } });
    const { user } = openLink();
    await fill(user, 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'We could not change your password. Please try again.',
      ),
    );
    expect(input('New password').value).toBe('new-secret-1');
  });

  it.each([[''], ['#token=not-a-token'], ['#other=1']])(
    'shows the invalid state without a form or a call for "%s"',
    async (fragment) => {
      openLink(fragment);
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe(MESSAGES.verification.linkInvalid),
      );
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
      expect(screen.queryByLabelText('New password')).toBeNull();
      expect(api.requests).toHaveLength(0);
    },
  );

  it('takes a link pasted into the address bar of the open page (a fragment change)', async () => {
    api.on('POST /api/password-reset/confirm', {
      status: 200,
      body: { message: MESSAGES.passwordReset.done },
    });
    const { user } = openLink('');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(MESSAGES.verification.linkInvalid),
    );

    act(() => {
      window.history.replaceState(null, '', `${PATH}#token=${TOKEN}`);
      window.dispatchEvent(new Event('hashchange'));
    });
    await fill(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText(MESSAGES.passwordReset.done)).toBeTruthy();
    expect(confirmPosts()[0]?.body).toMatchObject({ token: TOKEN });
    expect(window.location.hash).toBe('');
  });
});
