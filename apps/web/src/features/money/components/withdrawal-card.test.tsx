import { MESSAGES } from '@brokerdesk/shared';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { moneyRequest } from '../../../testing/money-request';
import { renderAt } from '../../../testing/render';
import { signIn, summary, TOKEN } from '../testing/money-fixtures';
import { feeLine, WithdrawalCard } from './withdrawal-card';

const DESTINATION_LABEL = 'Destination (wallet address, IBAN or e-wallet id)';
const WALLET = 'skrill:ada@example.com';

function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
  return screen.getByLabelText(label, { exact: true });
}

function withdrawalPosts(api: FakeApi) {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/withdrawals');
}

async function renderCard(available = 100_000) {
  api.on('GET /api/money/summary', {
    status: 200,
    body: summary({ availableMinor: available, balanceMinor: available }),
  });
  const view = renderAt(<WithdrawalCard />, '/userDashboard/depositWithdrawal');
  await waitFor(() => expect(document.querySelector('.skeleton')).toBeNull());
  return view;
}

async function fill(user: UserEvent, amount = '200') {
  await user.type(field('Amount (USD)'), amount);
  await user.selectOptions(field<HTMLSelectElement>('Method'), 'skrill');
  await user.type(field(DESTINATION_LABEL), WALLET);
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signIn();
});

describe('WithdrawalCard', () => {
  it('asks for an amount with the warning sign, and sends nothing', async () => {
    const { user } = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    const amount = field('Amount (USD)');
    await waitFor(() =>
      expect(errorOf(amount)).toBe('⚠️ Please enter an amount before withdrawing.'),
    );
    expect(errorOf(amount)).toBe(`⚠️ ${MESSAGES.withdrawal.amountRequired}`);
    expect(errorOf(field<HTMLSelectElement>('Method'))).toBe(MESSAGES.money.methodRequired);
    expect(errorOf(field(DESTINATION_LABEL))).toBe(MESSAGES.money.destinationRequired);
    expect(withdrawalPosts(api)).toHaveLength(0);
  });

  it("shows the minimum and refuses less before sending, in the API's words", async () => {
    api.on('GET /api/money/summary', {
      status: 200,
      body: summary({ minimumWithdrawalMinor: 2_500 }),
    });
    const { user } = renderAt(<WithdrawalCard />, '/userDashboard/depositWithdrawal');
    expect(await screen.findByText('Minimum withdrawal: $25.00')).toBeTruthy();
    await fill(user, '24.99');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    const amount = field('Amount (USD)');
    await waitFor(() => expect(errorOf(amount)).toBe('A withdrawal must be at least $25.00'));
    expect(document.activeElement).toBe(amount);
    expect(withdrawalPosts(api)).toHaveLength(0);
  });

  it('shows the available balance from the summary', async () => {
    await renderCard(123_456);
    expect(screen.getByText('$1,234.56')).toBeTruthy();
  });

  it('shows the 2.9% fee and the total for Skrill, and none for Bitcoin', async () => {
    const { user } = await renderCard();
    await user.type(field('Amount (USD)'), '200');
    await user.selectOptions(field<HTMLSelectElement>('Method'), 'skrill');
    expect(screen.getByText('Fee 2.9%: $5.80 — total $205.80')).toBeTruthy();

    await user.selectOptions(field<HTMLSelectElement>('Method'), 'bitcoin');
    expect(screen.queryByText(/^Fee/)).toBeNull();
  });

  it('computes the fee in cents, rounded up to the cent as the API charges it', () => {
    expect(feeLine('200', 'neteller')).toBe('Fee 2.9%: $5.80 — total $205.80');
    // 2.9% of $10.10 is 29.29 cents: 30 charged.
    expect(feeLine('10.10', 'skrill')).toBe('Fee 2.9%: $0.30 — total $10.40');
    // 2.9% of 17 cents is 0.49 cents: still 1 cent, never free.
    expect(feeLine('0.17', 'skrill')).toBe('Fee 2.9%: $0.01 — total $0.18');
    expect(feeLine('', 'skrill')).toBe('Fee 2.9% of the amount, charged on top of it.');
    expect(feeLine('200', 'bank-transfer')).toBeNull();
  });

  it('requests the withdrawal with an idempotency key and shows it held', async () => {
    api.on('POST /api/withdrawals', {
      status: 201,
      body: {
        request: moneyRequest({
          id: 'w-1',
          type: 'withdrawal',
          direction: 'debit',
          amountMinor: 20_000,
          feeMinor: 580,
          method: 'skrill',
          destination: WALLET,
        }),
      },
    });
    const { user } = await renderCard();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(MESSAGES.money.withdrawalRequested),
    );
    const [post] = withdrawalPosts(api);
    expect(post?.body).toEqual({ amountMinor: 20000, method: 'skrill', destination: WALLET });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers.get('user-token')).toBe(TOKEN);
    expect(screen.getByText(/funds held until staff approve it/)).toBeTruthy();
    expect(screen.getByText('$5.80 (total $205.80)')).toBeTruthy();
    expect(field('Amount (USD)').value).toBe('');
  });

  it('shows the server’s insufficient-funds message and keeps the fields', async () => {
    api.on('POST /api/withdrawals', {
      status: 409,
      body: { message: MESSAGES.money.withdrawalExceedsAvailable, code: 'INSUFFICIENT_FUNDS' },
    });
    const { user } = await renderCard(10_000);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.money.withdrawalExceedsAvailable),
    );
    expect(field('Amount (USD)').value).toBe('200');
    expect(field<HTMLSelectElement>('Method').value).toBe('skrill');
    expect(field(DESTINATION_LABEL).value).toBe(WALLET);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('puts the server’s field messages under their fields', async () => {
    api.on('POST /api/withdrawals', {
      status: 400,
      body: {
        message: MESSAGES.money.destinationInvalid,
        code: 'VALIDATION_FAILED',
        fields: {
          destination: [MESSAGES.money.destinationInvalid],
          amountMinor: [MESSAGES.money.amountTooLarge],
        },
      },
    });
    const { user } = await renderCard();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    await waitFor(() =>
      expect(errorOf(field(DESTINATION_LABEL))).toBe(MESSAGES.money.destinationInvalid),
    );
    expect(errorOf(field('Amount (USD)'))).toBe(MESSAGES.money.amountTooLarge);
    expect(field(DESTINATION_LABEL).value).toBe(WALLET);
  });

  it('says Requesting… and stops a second press while sending', async () => {
    api.on('POST /api/withdrawals', 'pending');
    const { user } = await renderCard();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    const button = await screen.findByRole('button', { name: 'Requesting…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(withdrawalPosts(api)).toHaveLength(1);
  });

  describe('before proof of ID and of residence are approved (decision 104)', () => {
    const MISSING_TEXT =
      'Withdrawals need your proof of ID and proof of residence approved first, so that money ' +
      'only ever goes back to you. Still needed: proof of ID (waiting for our review) and proof ' +
      'of residence (not uploaded yet).';

    it('says what is missing and why before the form is filled, with the way to the verification page', async () => {
      api.on('GET /api/documents/limits', {
        status: 200,
        body: {
          missing: [
            { kind: 'id', state: 'pending' },
            { kind: 'residence', state: 'not-uploaded' },
          ],
          withdrawalsAllowed: false,
          depositLimitMinor: 200_000,
          depositedMinor: 100_000,
          depositRemainingMinor: 100_000,
        },
      });
      await renderCard();
      expect(await screen.findByText(MISSING_TEXT)).toBeTruthy();
      const link = screen.getByRole('link', {
        name: 'Upload your documents on the verification page',
      });
      expect(link.getAttribute('href')).toBe('/userDashboard/verification');
      expect(field('Amount (USD)').value).toBe('');
    });

    it('shows the server’s refusal in its words, with the way to the verification page', async () => {
      api.on('POST /api/withdrawals', {
        status: 403,
        body: { message: MISSING_TEXT, code: 'DOCUMENTS_REQUIRED' },
      });
      const { user } = await renderCard();
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));

      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MISSING_TEXT));
      expect(
        screen.getByRole('link', { name: 'Upload your documents on the verification page' }),
      ).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('');
    });

    it('says nothing about documents once they are approved', async () => {
      api.on('GET /api/documents/limits', {
        status: 200,
        body: {
          missing: [],
          withdrawalsAllowed: true,
          depositLimitMinor: 200_000,
          depositedMinor: 100_000,
          depositRemainingMinor: null,
        },
      });
      await renderCard();
      await waitFor(() =>
        expect(api.requests.some((r) => r.path === '/api/documents/limits')).toBe(true),
      );
      // Let the answer arrive and render.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText(/Still needed/)).toBeNull();
    });
  });
});
