// A client's back-office Balances read the wallet and the live trading account by the rule of the
// client's own dashboard (§11.14): the live account's balance counts, and its realised P/L is in
// Profit, listed as its own part (decision 103). Trading runs on the replay clock's quotes.
import { parseDollars } from '@brokerdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  call,
  closePosition,
  fundWallet,
  marketOrder,
  openAccount,
  pushMajors,
  trader,
  readyForLive,
} from '../../test/trading-fixtures.js';
import type { Trader } from '../../test/trading-fixtures.js';

let t: TestApp;
let owner: Caller;
let support: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' }, startTime: TEST_START_TIME });
  await pushMajors(t);
  owner = await staffCaller(t, 'owner');
  support = await staffCaller(t, 'support');
});

afterAll(async () => {
  await t?.close();
});

interface StaffBalances {
  balanceMinor: number;
  availableMinor: number;
  heldMinor: number;
  liveTradingMinor: number;
  profitMinor: number;
  profitParts: { source: string; amountMinor: number }[];
}

/** The staff detail's Balances, and the same client's dashboard figures and Profit card. */
async function bothViews(who: Trader) {
  const detail = await get(t, `/api/staff/clients/${who.id}`, support);
  expect(detail.statusCode, detail.body).toBe(200);
  const dashboard = await call(t, who, 'GET', '/api/userDashboard/send/');
  const finances = dashboard.json<{
    userInfo: { finances: { balance: number; profit: number }[] };
  }>().userInfo.finances[0];
  if (!finances) throw new Error('the dashboard has no finances entry');
  const profit = await call(t, who, 'GET', '/api/money/profit');
  return {
    staff: detail.json<{ balances: StaffBalances }>().balances,
    // The seed's dashboard answers dollars (at most two decimals), read as cents without floats.
    dashboard: { balanceMinor: toCents(finances.balance), profitMinor: toCents(finances.profit) },
    profitCard: profit.json<{ totalMinor: number; parts: StaffBalances['profitParts'] }>(),
  };
}

function toCents(dollars: number): number {
  const parsed = parseDollars(Math.abs(dollars));
  if (!parsed.ok) throw new Error(`not a dollar amount: ${dollars}`);
  return dollars < 0 ? -parsed.cents : parsed.cents;
}

describe('a client’s Balances in the back office', () => {
  it('count the live trading account and its loss as the client’s dashboard does', async () => {
    // $1,000.00 in the wallet, $500.00 moved to a live account.
    const who = await trader(t);
    await readyForLive(t, who);
    await fundWallet(t, who, 100_000);
    const account = await openAccount(t, who, 'live');
    const moved = await call(t, who, 'POST', `/api/trading/accounts/${account.id}/transfers`, {
      direction: 'in',
      amountMinor: 50_000,
    });
    expect(moved.statusCode, moved.body).toBe(201);

    // Buy 0.10 EUR/USD at the ask 1.10015 and close at once at the bid 1.09985: −$3.00.
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    const closed = await closePosition(t, who, account.id, position.id);
    expect(closed.json()).toMatchObject({ deal: { pnlMinor: -300 } });

    const after = await bothViews(who);
    expect(after.staff).toMatchObject({
      balanceMinor: 99_700,
      availableMinor: 99_700,
      heldMinor: 0,
      liveTradingMinor: 49_700,
      profitMinor: -300,
      profitParts: [{ source: 'trading', amountMinor: -300 }],
    });
    expect(after.dashboard).toEqual({ balanceMinor: 99_700, profitMinor: -300 });
    expect(after.profitCard).toEqual({
      totalMinor: after.staff.profitMinor,
      parts: after.staff.profitParts,
    });

    // Staff credit profit and the client asks to withdraw: the dashboard's Balance is what is
    // available (the hold is already out), which the staff page shows as Available.
    const credited = await post(t, '/api/transactions/transaction', owner, {
      userId: who.id,
      type: 'Profit',
      amount: 40,
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const withdrawal = await call(t, who, 'POST', '/api/withdrawals', {
      amountMinor: 10_000,
      method: 'skrill',
      destination: 'lise@example.com',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const held = withdrawal.json<{ request: { amountMinor: number; feeMinor: number } }>().request;
    const heldMinor = held.amountMinor + held.feeMinor;

    const later = await bothViews(who);
    expect(later.staff).toMatchObject({
      balanceMinor: 103_700,
      availableMinor: 103_700 - heldMinor,
      heldMinor,
      liveTradingMinor: 49_700,
      profitMinor: 3_700,
      profitParts: [
        { source: 'staff', amountMinor: 4_000 },
        { source: 'trading', amountMinor: -300 },
      ],
    });
    expect(later.dashboard).toEqual({
      balanceMinor: later.staff.availableMinor,
      profitMinor: later.staff.profitMinor,
    });
    expect(later.profitCard).toEqual({
      totalMinor: later.staff.profitMinor,
      parts: later.staff.profitParts,
    });
  });

  it('show zeros and no profit parts for a client without money or a live account', async () => {
    const who = await trader(t);
    const { staff, dashboard } = await bothViews(who);
    expect(staff).toMatchObject({
      balanceMinor: 0,
      availableMinor: 0,
      heldMinor: 0,
      liveTradingMinor: 0,
      profitMinor: 0,
      profitParts: [],
    });
    expect(dashboard).toEqual({ balanceMinor: 0, profitMinor: 0 });
  });
});
