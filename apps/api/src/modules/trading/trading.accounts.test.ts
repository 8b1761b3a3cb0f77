// Trading accounts (§11.5, §11.14): transfers between the wallet and a live account (out limited
// by free margin), demo reset, LIVE_TRADING=off, stale quotes, staff reads, and the evaluator
// resuming from its cursor after a crash without doubling anything (§11.15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ticks } from '../../db/schema.js';
import { staffCaller } from '../../test/money-fixtures.js';
import { TEST_START_TIME, createTestApp, createTestDatabase } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  dealsOf,
  demoTrader,
  fundWallet,
  getAccount,
  liveTrader,
  marketOrder,
  openAccount,
  ordersOf,
  placeOrder,
  positionsOf,
  push,
  pushMajors,
  trader,
  readyForLive,
} from '../../test/trading-fixtures.js';
import type { OrderView, TradingAccount } from '../../test/trading-fixtures.js';
import { checkLedger } from '../ledger/index.js';

describe('accounts and transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startTime: TEST_START_TIME, env: { STAFF_2FA: 'optional' } });
    await pushMajors(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a transfer in needs the wallet’s money; out is limited by the balance and free margin', async () => {
    const { who, account } = await liveTrader(t, 20_000);
    const tooMuch = await call(t, who, 'POST', accountUrl(account.id, '/transfers'), {
      direction: 'in',
      amountMinor: 1,
    });
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // 0.20 lot EUR/USD: margin 11,002 ¢, −600 ¢ of spread → free margin 8,398 ¢.
    await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '0.20' });
    const figures = await getAccount(t, who, account.id);
    expect(figures).toMatchObject({
      balanceMinor: 20_000,
      freeMarginMinor: 8_398,
      withdrawableMinor: 8_398,
    });
    const overBalance = await call(t, who, 'POST', accountUrl(account.id, '/transfers'), {
      direction: 'out',
      amountMinor: 20_001,
    });
    expect(overBalance.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const overFree = await call(t, who, 'POST', accountUrl(account.id, '/transfers'), {
      direction: 'out',
      amountMinor: 8_399,
    });
    expect(overFree.json()).toMatchObject({ code: 'INSUFFICIENT_MARGIN' });
    const ok = await call(t, who, 'POST', accountUrl(account.id, '/transfers'), {
      direction: 'out',
      amountMinor: 8_398,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      transfer: { direction: 'out', amountMinor: 8_398 },
      account: { balanceMinor: 20_000 - 8_398, freeMarginMinor: 0 },
    });
    const summary = await call(t, who, 'GET', '/api/money/summary');
    expect(summary.json()).toMatchObject({ availableMinor: 8_398 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a repeated transfer with its key moves the money once', async () => {
    const { who, account } = await liveTrader(t, 10_000);
    await fundWallet(t, who, 5_000);
    const send = () =>
      call(
        t,
        who,
        'POST',
        accountUrl(account.id, '/transfers'),
        { direction: 'in', amountMinor: 5_000 },
        'same-key',
      );
    const [first, second] = [await send(), await send()];
    expect(second.json()).toEqual(first.json());
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(15_000);
  });

  it('a demo account cannot take transfers; a live one cannot be reset', async () => {
    const { who, account } = await demoTrader(t);
    const transfer = await call(t, who, 'POST', accountUrl(account.id, '/transfers'), {
      direction: 'in',
      amountMinor: 100,
    });
    expect(transfer.statusCode).toBe(400);
    const live = await liveTrader(t, 1_000);
    const reset = await call(t, live.who, 'POST', accountUrl(live.account.id, '/reset'));
    expect(reset.statusCode).toBe(400);
  });

  it('reset archives the demo (history readable), ends positions and orders, opens a fresh one', async () => {
    const { who, account } = await demoTrader(t);
    await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '0.10' });
    await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '1.09000',
    });
    await push(t, ['EURUSD', '1.10985', '1.11015']); // a profit the reset must not book
    const reset = await call(t, who, 'POST', accountUrl(account.id, '/reset'));
    expect(reset.statusCode).toBe(201);
    const fresh = reset.json<TradingAccount>();
    expect(fresh).toMatchObject({ kind: 'demo', status: 'open', balanceMinor: 1_000_000 });
    expect(fresh.id).not.toBe(account.id);
    const old = await getAccount(t, who, account.id);
    expect(old).toMatchObject({ status: 'archived', balanceMinor: 1_000_000 });
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    expect((await ordersOf(t, who, account.id, 'history')).map((o) => o.status)).toContain(
      'cancelled',
    );
    const [close] = await dealsOf(t, who, account.id);
    expect(close).toMatchObject({ reason: 'reset', pnlMinor: 0 });
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });

  it('refuses a market order on a stale quote (MARKET_CLOSED)', async () => {
    const { who, account } = await demoTrader(t);
    await t.prices.advanceTo(new Date(t.hub.now() + 61_000).toISOString());
    const stale = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'market',
      volume: '0.10',
    });
    expect(stale.json()).toMatchObject({ code: 'MARKET_CLOSED' });
    await pushMajors(t);
  });

  it('shows staff the open positions and the live book’s exposure', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    await marketOrder(t, who, account.id, { symbol: 'GBPUSD', side: 'sell', volume: '0.30' });
    const staff = await staffCaller(t, 'auditor');
    const positions = await t.app.inject({
      method: 'GET',
      url: '/api/staff/trading/positions',
      headers: staff.headers,
    });
    expect(positions.statusCode).toBe(200);
    expect(
      positions
        .json<{ positions: { accountId: string; symbol: string }[] }>()
        .positions.some((row) => row.accountId === account.id && row.symbol === 'GBPUSD'),
    ).toBe(true);
    const exposure = await t.app.inject({
      method: 'GET',
      url: '/api/staff/trading/exposure',
      headers: staff.headers,
    });
    const gbp = exposure
      .json<{ instruments: { symbol: string; short: string }[] }>()
      .instruments.find((row) => row.symbol === 'GBPUSD');
    expect(gbp?.short).toBe('0.30');
  });
});

describe('LIVE_TRADING=off', () => {
  it('refuses new live accounts and orders, keeps closes, cancels and transfers out', async () => {
    const database = await createTestDatabase();
    const on = await createTestApp({ startTime: TEST_START_TIME, reuseDatabase: database });
    await pushMajors(on);
    const { who, account } = await liveTrader(on, 50_000);
    const position = await marketOrder(on, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    const pendingResponse = await placeOrder(on, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '1.09500',
    });
    const [pending] = pendingResponse.json<{ orders: OrderView[] }>().orders;
    await on.close();

    const off = await createTestApp({
      startTime: TEST_START_TIME,
      reuseDatabase: database,
      env: { LIVE_TRADING: 'off' },
    });
    try {
      await pushMajors(off);
      const newcomer = await trader(off);
      await readyForLive(off, newcomer);
      const opened = await call(off, newcomer, 'POST', '/api/trading/accounts', { kind: 'live' });
      expect(opened.json()).toMatchObject({ code: 'TRADING_DISABLED' });
      // A demo account trades as usual.
      await openAccount(off, newcomer, 'demo');

      const order = await placeOrder(off, who, account.id, {
        symbol: 'EURUSD',
        side: 'buy',
        type: 'market',
        volume: '0.10',
      });
      expect(order.json()).toMatchObject({ code: 'TRADING_DISABLED' });
      // The pending order does not trigger.
      await push(off, ['EURUSD', '1.09470', '1.09500']);
      expect((await ordersOf(off, who, account.id)).map((o) => o.id)).toEqual([pending?.id]);
      const cancel = await call(
        off,
        who,
        'DELETE',
        accountUrl(account.id, `/orders/${pending?.id}`),
      );
      expect(cancel.json()).toMatchObject({ status: 'cancelled' });
      const close = await call(
        off,
        who,
        'POST',
        accountUrl(account.id, `/positions/${position.id}/close`),
        {},
      );
      expect(close.statusCode).toBe(200);
      const out = await call(off, who, 'POST', accountUrl(account.id, '/transfers'), {
        direction: 'out',
        amountMinor: 10_000,
      });
      expect(out.statusCode).toBe(201);
      expect(await checkLedger(off.database.db)).toEqual([]);
    } finally {
      await off.close();
      await database.close();
    }
  });
});

describe('crash and resume', () => {
  let database: Database;
  afterAll(async () => {
    await database?.close();
  });

  it('fills ticks logged while no evaluator ran, from its cursor, once', async () => {
    database = await createTestDatabase();
    const first = await createTestApp({ startTime: TEST_START_TIME, reuseDatabase: database });
    await pushMajors(first);
    const { who, account } = await liveTrader(first, 100_000);
    const placed = await placeOrder(first, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '1.09900',
      tp: '1.10200',
    });
    expect(placed.statusCode).toBe(201);
    const lastSeq = first.hub.latest('EURUSD')?.seq ?? 0;
    await first.close(); // the instance dies

    // While it was down, the (other) leader logged two ticks: one fills, one takes profit.
    const at = (ms: number) => new Date(Date.parse('2026-03-02T08:05:00.000Z') + ms);
    await database.db.insert(ticks).values([
      { symbol: 'EURUSD', bid: 109_870, ask: 109_900, time: at(0) },
      { symbol: 'EURUSD', bid: 110_200, ask: 110_230, time: at(1) },
    ]);

    const second = await createTestApp({ startTime: TEST_START_TIME, reuseDatabase: database });
    try {
      await second.services.trading.evaluator.idle();
      const deals = await dealsOf(second, who, account.id);
      expect(deals.map((deal) => [deal.entry, deal.price, deal.reason, deal.pnlMinor])).toEqual([
        ['out', '1.10200', 'tp', 3_000],
        ['in', '1.09900', 'client', 0],
      ]);
      // Re-processing from before the cursor doubles nothing.
      await database.db.execute(
        sql`update trading_evaluator_cursor set last_seq = ${lastSeq} where id = 1`,
      );
      await second.services.trading.evaluator.catchUp();
      expect(await dealsOf(second, who, account.id)).toHaveLength(2);
      expect((await getAccount(second, who, account.id)).balanceMinor).toBe(103_000);
      expect(await checkLedger(database.db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
