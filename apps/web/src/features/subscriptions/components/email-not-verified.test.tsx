// The subscribe dialog shows the e-mail verification feature's notice when the server refuses
// a client whose e-mail is not verified: the server's words and a new link.
import { MESSAGES } from '@brokerdesk/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardResponse } from '../../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { resetResendCooldown } from '../../email-verification';
import { PackagesOverview } from './packages-overview';

const REFUSAL = {
  status: 403,
  body: { message: MESSAGES.verification.required, code: 'EMAIL_NOT_VERIFIED' },
};
const SUMMARY = { balanceMinor: 0, availableMinor: 0, heldMinor: 0, minimumDepositMinor: 1 };

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  resetResendCooldown();
  window.localStorage.setItem('user-token', 'tok-1');
  api
    .on('GET /api/money/summary', { status: 200, body: SUMMARY })
    .on('GET /api/userDashboard/send/', {
      status: 200,
      body: dashboardResponse({ emailVerified: false }),
    })
    .on('POST /api/email/verification/resend', {
      status: 202,
      body: { message: MESSAGES.verification.verificationSent, retryAfterSeconds: 60 },
    });
});

describe('money forms refused for an unverified e-mail', () => {
  it('subscribe: the failure dialog says why and offers a new link', async () => {
    api.on('POST /api/subscriptions', REFUSAL);
    const { user } = renderAt(<PackagesOverview />, '/userDashboard/packages');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to the Basic plan' }));
    const confirmation = await screen.findByRole('dialog', {
      name: 'Subscribe to the Basic plan?',
    });
    await user.click(within(confirmation).getByRole('button', { name: 'Subscribe' }));

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.subscription.failedTitle });
    expect(within(dialog).getByText(MESSAGES.subscription.failedTitle)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.verification.required)).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.subscription.failure)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send a new link' }));
    expect(await within(dialog).findByText(MESSAGES.verification.verificationSent)).toBeTruthy();
  });
});
