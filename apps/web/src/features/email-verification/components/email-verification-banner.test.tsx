import { MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardResponse } from '../../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { resetResendCooldown } from '../hooks/use-resend-cooldown';
import { EmailNotVerifiedNotice } from './email-not-verified-notice';
import { EmailVerificationBanner } from './email-verification-banner';
import { ApiError } from '../../../lib/api-client';

const PATH = '/userDashboard/dashboard';

function banner(): HTMLElement {
  return screen.getByRole('region', { name: 'E-mail verification' });
}

function resendPosts() {
  return api.requests.filter((r) => r.path === '/api/email/verification/resend');
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  resetResendCooldown();
  window.localStorage.setItem('user-token', 'tok-1');
});

describe('EmailVerificationBanner', () => {
  it('is not shown once the e-mail address is verified', async () => {
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboardResponse() });
    renderAt(<EmailVerificationBanner />, PATH);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/Verify your e-mail address/)).toBeNull();
  });

  it('asks an unverified client to verify the address it names', async () => {
    api.on('GET /api/userDashboard/send/', {
      status: 200,
      body: dashboardResponse({ emailVerified: false }),
    });
    renderAt(<EmailVerificationBanner />, PATH);
    await screen.findByRole('region', { name: 'E-mail verification' });
    expect(banner().textContent).toContain('Verify your e-mail address');
    expect(banner().textContent).toContain('ada@example.com');
    expect(within(banner()).getByRole('button', { name: 'Send a new link' })).toBeTruthy();
  });

  it('sends a new link, says so, and waits out the cooldown before another', async () => {
    api
      .on('GET /api/userDashboard/send/', {
        status: 200,
        body: dashboardResponse({ emailVerified: false }),
      })
      .on('POST /api/email/verification/resend', {
        status: 202,
        body: { message: MESSAGES.verification.verificationSent, retryAfterSeconds: 2 },
      });
    const { user } = renderAt(<EmailVerificationBanner />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));

    const status = within(banner()).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe(MESSAGES.verification.verificationSent));
    expect(resendPosts()).toHaveLength(1);
    expect(resendPosts()[0]?.headers.get('user-token')).toBe('tok-1');

    const waiting = within(banner()).getByRole('button', {
      name: /^Send a new link \(wait \d s\)$/,
    });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    await user.click(waiting);
    expect(resendPosts()).toHaveLength(1);

    // It counts down, then may be pressed again.
    await waitFor(
      () => expect(within(banner()).getByRole('button', { name: 'Send a new link' })).toBeTruthy(),
      { timeout: 3_500 },
    );
    const ready = within(banner()).getByRole('button', { name: 'Send a new link' });
    expect(ready.getAttribute('aria-disabled')).toBeNull();
    await user.click(ready);
    await waitFor(() => expect(resendPosts()).toHaveLength(2));
  });

  it('shows the pending state while the link is being sent', async () => {
    api
      .on('GET /api/userDashboard/send/', {
        status: 200,
        body: dashboardResponse({ emailVerified: false }),
      })
      .on('POST /api/email/verification/resend', 'pending');
    const { user } = renderAt(<EmailVerificationBanner />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
  });

  it('on 429 says a link went out a moment ago and waits as long as the server says', async () => {
    api
      .on('GET /api/userDashboard/send/', {
        status: 200,
        body: dashboardResponse({ emailVerified: false }),
      })
      .on('POST /api/email/verification/resend', {
        status: 429,
        body: { message: MESSAGES.verification.resendCooldown, code: 'RATE_LIMITED' },
        headers: { 'retry-after': '42' },
      });
    const { user } = renderAt(<EmailVerificationBanner />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));

    await waitFor(() =>
      expect(within(banner()).getByRole('status').textContent).toBe(
        MESSAGES.verification.resendCooldown,
      ),
    );
    const waiting = within(banner()).getByRole('button', { name: /^Send a new link \(wait/ });
    expect(waiting.textContent).toBe('Send a new link (wait 42 s)');
  });

  it('hides itself when the server says the address is already verified', async () => {
    let dashboards = 0;
    api
      .on('GET /api/userDashboard/send/', () => ({
        status: 200,
        body: dashboardResponse({ emailVerified: ++dashboards > 1 }),
      }))
      .on('POST /api/email/verification/resend', {
        status: 409,
        body: { message: MESSAGES.verification.alreadyVerified, code: 'ALREADY_VERIFIED' },
      });
    const { user } = renderAt(<EmailVerificationBanner />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));

    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(dashboards).toBe(2);
  });

  it('shares one cooldown with the money forms’ button', async () => {
    api
      .on('GET /api/userDashboard/send/', {
        status: 200,
        body: dashboardResponse({ emailVerified: false }),
      })
      .on('POST /api/email/verification/resend', {
        status: 202,
        body: { message: MESSAGES.verification.verificationSent, retryAfterSeconds: 60 },
      });
    const refusal = new ApiError({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      serverMessage: MESSAGES.verification.required,
    });
    const { user } = renderAt(
      <>
        <EmailVerificationBanner />
        <EmailNotVerifiedNotice error={refusal} showMessage />
      </>,
      PATH,
    );
    await user.click(await within(await screen.findByRole('region')).findByRole('button'));

    await waitFor(() =>
      expect(
        screen
          .getAllByRole('button', { name: /^Send a new link \(wait/ })
          .map((b) => b.textContent),
      ).toEqual(['Send a new link (wait 60 s)', 'Send a new link (wait 60 s)']),
    );
  });
});

describe('EmailNotVerifiedNotice', () => {
  it('offers a new link, with the server’s words when asked, for EMAIL_NOT_VERIFIED only', () => {
    const refusal = new ApiError({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      serverMessage: MESSAGES.verification.required,
    });
    const { rerender } = renderAt(
      <EmailNotVerifiedNotice error={refusal} showMessage otherwise={<p>Other</p>} />,
    );
    expect(screen.getByText(MESSAGES.verification.required)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
    expect(screen.queryByText('Other')).toBeNull();
    rerender(<></>);

    renderAt(
      <EmailNotVerifiedNotice
        error={new ApiError({ status: 409, code: 'INSUFFICIENT_FUNDS' })}
        otherwise={<p>Other</p>}
      />,
    );
    expect(screen.getByText('Other')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });
});
