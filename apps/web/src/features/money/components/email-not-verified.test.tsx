// The deposit and withdrawal forms show the e-mail verification feature's notice when the
// server refuses a client whose e-mail is not verified: the server's words and a new link.
import { MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardResponse } from '../../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { resetResendCooldown } from '../../email-verification';
import { DepositCard } from './deposit-card';
import { WithdrawalCard } from './withdrawal-card';

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
  it('deposit: the message and Send a new link, which sends one', async () => {
    api.on('POST /api/deposits', REFUSAL);
    const { user } = renderAt(<DepositCard />, '/userDashboard/depositWithdrawal');
    await user.type(screen.getByLabelText('Amount (USD)'), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(await screen.findByRole('button', { name: /Bitcoin/ }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.verification.required),
    );
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(MESSAGES.verification.verificationSent)).toBeTruthy();
  });

  it('deposit: no link button for other failures', async () => {
    api.on('POST /api/deposits', {
      status: 400,
      body: { message: 'Amount too small', code: 'VALIDATION_FAILED' },
    });
    const { user } = renderAt(<DepositCard />, '/userDashboard/depositWithdrawal');
    await user.type(screen.getByLabelText('Amount (USD)'), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(await screen.findByRole('button', { name: /Bitcoin/ }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Amount too small'));
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('withdrawal: the message and Send a new link', async () => {
    api.on('POST /api/withdrawals', REFUSAL);
    const { user } = renderAt(<WithdrawalCard />, '/userDashboard/depositWithdrawal');
    await user.type(screen.getByLabelText('Amount (USD)'), '200');
    await user.selectOptions(screen.getByLabelText('Method'), 'skrill');
    await user.type(
      screen.getByLabelText('Destination (wallet address, IBAN or e-wallet id)'),
      'skrill:ada@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.verification.required),
    );
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
  });
});
