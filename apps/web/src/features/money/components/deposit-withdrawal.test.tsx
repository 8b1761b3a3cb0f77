import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { moneyRequest } from '../../../testing/money-request';
import { renderAt } from '../../../testing/render';
import { signIn, summary } from '../testing/money-fixtures';
import { DepositWithdrawal } from './deposit-withdrawal';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signIn();
});

const count = (path: string) => api.requests.filter((r) => r.path === path).length;

describe('DepositWithdrawal', () => {
  it('shows both cards and refreshes the summary and the requests after a deposit', async () => {
    let created = false;
    api
      .on('GET /api/money/summary', { status: 200, body: summary() })
      .on('GET /api/money-requests', () => ({
        status: 200,
        body: { items: created ? [moneyRequest()] : [] },
      }))
      .on('POST /api/deposits', () => {
        created = true;
        return { status: 201, body: { request: moneyRequest() } };
      });
    const { user } = renderAt(<DepositWithdrawal />, '/userDashboard/depositWithdrawal');

    expect(screen.getByRole('heading', { level: 1, name: 'Deposit and withdrawal' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Withdrawal' })).toBeTruthy();
    const requests = screen.getByRole('region', { name: 'Your requests' });
    await within(requests).findByText('You have not made a deposit or withdrawal request yet.');
    expect(count('/api/money/summary')).toBe(1);

    const deposit = screen.getByRole('region', { name: 'Deposit' });
    await user.type(within(deposit).getByLabelText('Amount (USD)'), '500');
    await user.click(within(deposit).getByRole('button', { name: 'Deposit' }));
    await user.click(within(deposit).getByRole('button', { name: /^Bitcoin/ }));

    expect(
      await within(requests).findByRole('heading', { level: 3, name: 'Deposit of $500.00' }),
    ).toBeTruthy();
    await waitFor(() => expect(count('/api/money/summary')).toBe(2));
  });
});
