import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { moneyRequest } from '../../../testing/money-request';
import { renderAt } from '../../../testing/render';
import { signIn } from '../testing/money-fixtures';
import { MoneyRequests } from './money-requests';

const PENDING_WITHDRAWAL = moneyRequest({
  id: 'w-1',
  type: 'withdrawal',
  direction: 'debit',
  amountMinor: 20_000,
  feeMinor: 580,
  method: 'skrill',
  destination: 'skrill:ada@example.com',
  date: '2026-03-04T09:00:00.000Z',
});
const REJECTED_DEPOSIT = moneyRequest({
  id: 'd-1',
  status: 'rejected',
  reason: 'Card documents missing',
  events: [
    { kind: 'requested', at: '2026-03-03T14:05:09.000Z', reason: null },
    { kind: 'rejected', at: '2026-03-03T16:00:00.000Z', reason: 'Card documents missing' },
  ],
});

function requestItem(title: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  const item = heading.closest('li');
  if (!item) throw new Error(`no list item for ${title}`);
  return item;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signIn();
});

describe('MoneyRequests', () => {
  it('lists every request newest first with its timeline and the rejection reason', async () => {
    api.on('GET /api/money-requests', {
      status: 200,
      body: { items: [PENDING_WITHDRAWAL, REJECTED_DEPOSIT] },
    });
    renderAt(<MoneyRequests />);

    await screen.findByRole('heading', { level: 3, name: 'Withdrawal of $200.00' });
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Withdrawal of $200.00', 'Deposit of $500.00']);

    const deposit = requestItem('Deposit of $500.00');
    const events = within(within(deposit).getByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(events).toEqual([
      'Requested 03-03-2026, 14:05:09',
      'Rejected 03-03-2026, 16:00:00 — Reason: Card documents missing',
    ]);
    expect(within(deposit).queryByRole('button', { name: /Cancel request/ })).toBeNull();
    expect(within(deposit).getByText('Rejected', { selector: '.tx-status' }).className).toContain(
      'tx-status--rejected',
    );
    // Without a query string: every request, open or not.
    expect(api.requests[0]?.path).toBe('/api/money-requests');
  });

  it('cancels a pending withdrawal with an idempotency key and refreshes the list', async () => {
    let cancelled = false;
    api
      .on('GET /api/money-requests', () => ({
        status: 200,
        body: {
          items: [
            cancelled
              ? {
                  ...PENDING_WITHDRAWAL,
                  status: 'cancelled',
                  events: [
                    ...PENDING_WITHDRAWAL.events,
                    { kind: 'cancelled', at: '2026-03-04T10:00:00.000Z', reason: null },
                  ],
                }
              : PENDING_WITHDRAWAL,
          ],
        },
      }))
      .on('POST /api/withdrawals/w-1/cancel', () => {
        cancelled = true;
        return { status: 200, body: { request: { ...PENDING_WITHDRAWAL, status: 'cancelled' } } };
      });
    const { user } = renderAt(<MoneyRequests />);

    const item = await waitFor(() => requestItem('Withdrawal of $200.00'));
    await user.click(within(item).getByRole('button', { name: /Cancel request/ }));

    await waitFor(() => expect(within(item).getByText('Cancelled', { selector: '.tx-status' })));
    expect(within(item).queryByRole('button', { name: /Cancel request/ })).toBeNull();
    const post = api.requests.find((r) => r.path === '/api/withdrawals/w-1/cancel');
    expect(post?.method).toBe('POST');
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows why a cancel failed, e.g. staff already approved it', async () => {
    api
      .on('GET /api/money-requests', { status: 200, body: { items: [PENDING_WITHDRAWAL] } })
      .on('POST /api/withdrawals/w-1/cancel', {
        status: 409,
        body: { message: 'This request is no longer pending', code: 'CONFLICT' },
      });
    const { user } = renderAt(<MoneyRequests />);

    const item = await waitFor(() => requestItem('Withdrawal of $200.00'));
    await user.click(within(item).getByRole('button', { name: /Cancel request/ }));

    await waitFor(() =>
      expect(within(item).getByRole('alert').textContent).toBe('This request is no longer pending'),
    );
  });

  it('says so when there is no request yet', async () => {
    api.on('GET /api/money-requests', { status: 200, body: { items: [] } });
    renderAt(<MoneyRequests />);
    expect(
      await screen.findByText('You have not made a deposit or withdrawal request yet.'),
    ).toBeTruthy();
  });
});
