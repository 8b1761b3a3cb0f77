import { MESSAGES } from '@brokerdesk/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { resetResendCooldown } from '../hooks/use-resend-cooldown';
import { VerifyEmail } from './verify-email';

const TOKEN = 'k3Y_-9aZ0qWeRtYuIoPlKjHgFdSaZxCvBnM1234567A';
const PATH = '/verifyEmail';

/** Opens the page as the mailed link does: the token in the fragment. */
function openLink(fragment: string) {
  window.history.replaceState(null, '', `${PATH}${fragment}`);
  return renderAt(<VerifyEmail />, PATH);
}

function statusText(): string {
  return document.querySelector('.token-page-status')?.textContent ?? '';
}

function verifyPosts() {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/email/verify');
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  resetResendCooldown();
});

describe('VerifyEmail', () => {
  it('shows a busy status, takes the token out of the address, then posts it', async () => {
    expect(TOKEN).toHaveLength(43);
    api.on('POST /api/email/verify', 'pending');
    openLink(`#token=${TOKEN}`);

    expect(screen.getByRole('status').textContent).toContain('Checking your link…');
    await waitFor(() => expect(verifyPosts()).toHaveLength(1));
    expect(verifyPosts()[0]?.body).toEqual({ token: TOKEN });
    // Neither in the address bar nor in the history entry.
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe(PATH);
    // No sign-in is needed to verify.
    expect(verifyPosts()[0]?.headers.get('user-token')).toBeNull();
  });

  it('says the address is verified and offers the login to a signed-out visitor', async () => {
    api.on('POST /api/email/verify', {
      status: 200,
      body: { message: MESSAGES.verification.emailVerified },
    });
    openLink(`#token=${TOKEN}`);

    await waitFor(() => expect(statusText()).toBe(MESSAGES.verification.emailVerified));
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/userLogin');
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).toBeNull();
  });

  it('offers the dashboard to a signed-in client, and refreshes its dashboard', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('POST /api/email/verify', {
      status: 200,
      body: { message: MESSAGES.verification.emailVerified },
    });
    openLink(`#token=${TOKEN}`);

    const link = await screen.findByRole('link', { name: 'Go to your dashboard' });
    expect(link.getAttribute('href')).toBe('/userDashboard/dashboard');
    expect(verifyPosts()).toHaveLength(1);
  });

  it.each([
    ['TOKEN_USED', 410, MESSAGES.verification.linkUsed],
    ['TOKEN_EXPIRED', 410, MESSAGES.verification.linkExpired],
    ['TOKEN_INVALID', 400, MESSAGES.verification.linkInvalid],
  ] as const)(
    'answers %s with its message and "Log in to ask for a new link" when signed out',
    async (code, status, message) => {
      api.on('POST /api/email/verify', { status, body: { message, code } });
      openLink(`#token=${TOKEN}`);

      await waitFor(() => expect(statusText()).toBe(message));
      expect(
        screen.getByRole('link', { name: 'Log in to ask for a new link' }).getAttribute('href'),
      ).toBe('/userLogin');
      expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    },
  );

  it('lets a signed-in client ask for a new link from a used one', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api
      .on('POST /api/email/verify', {
        status: 410,
        body: { message: MESSAGES.verification.linkUsed, code: 'TOKEN_USED' },
      })
      .on('POST /api/email/verification/resend', {
        status: 202,
        body: { message: MESSAGES.verification.verificationSent, retryAfterSeconds: 60 },
      });
    const { user } = openLink(`#token=${TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByText(MESSAGES.verification.verificationSent)).toBeTruthy();
    const resend = api.requests.find((r) => r.path === '/api/email/verification/resend');
    expect(resend?.headers.get('user-token')).toBe('tok-1');
    expect(screen.queryByRole('link', { name: 'Log in to ask for a new link' })).toBeNull();
  });

  it('shows the invalid state without a call when the address has no token', async () => {
    openLink('');
    await waitFor(() => expect(statusText()).toBe(MESSAGES.verification.linkInvalid));
    expect(screen.getByRole('link', { name: 'Log in to ask for a new link' })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the invalid state without a call for a token that cannot be ours', async () => {
    openLink('#token=short');
    await waitFor(() => expect(statusText()).toBe(MESSAGES.verification.linkInvalid));
    expect(api.requests).toHaveLength(0);
    expect(window.location.hash).toBe('');
  });

  it('offers Try again with the same token when the server cannot answer', async () => {
    let calls = 0;
    api.on('POST /api/email/verify', () =>
      ++calls === 1
        ? { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } }
        : { status: 200, body: { message: MESSAGES.verification.emailVerified } },
    );
    const { user } = openLink(`#token=${TOKEN}`);

    await waitFor(() =>
      expect(statusText()).toBe('We could not check your link just now. Please try again.'),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(statusText()).toBe(MESSAGES.verification.emailVerified));
    expect(verifyPosts().map((r) => r.body)).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });

  it('says so when the connection fails', async () => {
    api.on('POST /api/email/verify', 'network-error');
    openLink(`#token=${TOKEN}`);
    await waitFor(() => expect(statusText()).toContain('Could not reach the server'));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('takes a link pasted into the address bar of the open page (a fragment change)', async () => {
    api.on('POST /api/email/verify', {
      status: 200,
      body: { message: MESSAGES.verification.emailVerified },
    });
    openLink('');
    await waitFor(() => expect(statusText()).toBe(MESSAGES.verification.linkInvalid));

    act(() => {
      window.history.replaceState(null, '', `${PATH}#token=${TOKEN}`);
      window.dispatchEvent(new Event('hashchange'));
    });

    await waitFor(() => expect(statusText()).toBe(MESSAGES.verification.emailVerified));
    expect(verifyPosts().map((r) => r.body)).toEqual([{ token: TOKEN }]);
    expect(window.location.hash).toBe('');
  });
});
