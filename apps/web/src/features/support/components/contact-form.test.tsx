import { MESSAGES } from '@brokerdesk/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { ContactForm } from './contact-form';

const SERVER_MESSAGE = 'Thanks! Your message reached our support team.';
const TICKET_ID = '3f1c6d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';
const EMAIL_LABEL = 'Your e-mail (so we can reply)';

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(label, { exact: true });
}

function status(): string {
  return screen.getByRole('status').textContent ?? '';
}

async function fill(user: UserEvent) {
  await user.type(field('Subject'), 'Deposit question');
  await user.type(field('Message'), 'Is <b>bank transfer</b> available?');
  await user.type(field(EMAIL_LABEL), 'visitor@example.com');
}

function expectFieldsKept() {
  expect(field('Subject').value).toBe('Deposit question');
  expect(field('Message').value).toBe('Is <b>bank transfer</b> available?');
  expect(field(EMAIL_LABEL).value).toBe('visitor@example.com');
}

/** Bare, like the pre-rendered public page: no router and no QueryClientProvider around it. */
function renderForm() {
  const user = userEvent.setup();
  render(<ContactForm />);
  return { user };
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('ContactForm', () => {
  it('shows Sending..., then the server message, and clears the fields', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return fakeFetch(input, init);
    });
    api.on('POST /api/support/send', {
      status: 201,
      body: { message: SERVER_MESSAGE, ticketId: TICKET_ID },
    });

    const { user } = renderForm();
    await fill(user);
    expect(status()).toBe('');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(status()).toBe(MESSAGES.support.sending));
    expectFieldsKept();

    release();
    await waitFor(() => expect(status()).toBe(SERVER_MESSAGE));
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
    expect(field(EMAIL_LABEL).value).toBe('');

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.body).toEqual({
      subject: 'Deposit question',
      message: 'Is <b>bank transfer</b> available?',
      email: 'visitor@example.com',
    });
    // The public form never sends a token, even when the visitor is signed in.
    expect(request?.headers.get('user-token')).toBeNull();
  });

  it('shows the failure text and keeps the fields when the server fails', async () => {
    api.on('POST /api/support/send', { status: 500, body: { message: 'Internal error' } });
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(status()).toBe('❌ Failed to send message. Try again later.'));
    expectFieldsKept();
  });

  it('shows the failure text and keeps the fields when the network is down', async () => {
    api.on('POST /api/support/send', 'network-error');
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(status()).toBe(MESSAGES.support.contactFailure));
    expectFieldsKept();
  });

  it('puts the server field messages of a 400 on their fields', async () => {
    api.on('POST /api/support/send', {
      status: 400,
      body: {
        message: 'Subject must be at most 200 characters',
        code: 'VALIDATION_FAILED',
        fields: { subject: ['Subject must be at most 200 characters'] },
      },
    });
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(status()).toBe(MESSAGES.support.contactFailure));
    expect(errorOf(field('Subject'))).toBe('Subject must be at most 200 characters');
    expectFieldsKept();
  });

  it('asks for a message before sending anything', async () => {
    const { user } = renderForm();
    await user.type(field('Subject'), 'Only a subject');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(errorOf(field('Message'))).toBe(MESSAGES.support.messageRequired));
    expect(status()).toBe('');
    expect(api.requests).toHaveLength(0);
  });
});
