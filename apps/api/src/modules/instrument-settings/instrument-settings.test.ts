// The dealing desk's instrument settings (issue 19, decision 130), on PGlite and PostgreSQL:
// trading off refuses new orders and modifications and holds pending orders, while closes and
// cancels still work; the maximum volume and the leverage cap bind new orders only; the markup
// widens the spread and the stops level clients see; swap rates apply from the next rollover,
// even one posted late; each change is audited with its reason; only owner and operations act.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  closePosition,
  demoTrader,
  deskApp,
  getAccount,
  marketOrder,
  ordersOf,
  placeOrder,
  positionsOf,
  push,
  staffCall,
  staffRead,
} from '../../test/trading-fixtures.js';
import { findSpec } from '@brokerdesk/shared/trading';
import { makeInstrumentSettings } from './instrument-settings.js';

let t: TestApp;
let operations: Caller;

beforeAll(async () => {
  ({ t, desk: operations } = await deskApp());
});

afterAll(async () => {
  await t.close();
});

function change(
  symbol: string,
  payload: Record<string, unknown>,
  who = operations,
): Promise<LightMyRequestResponse> {
  return staffCall(t, who, 'PATCH', `/api/staff/trading/instruments/${symbol}`, payload);
}

async function settingsOf(symbol: string, who = operations) {
  const { instruments } = await staffRead<{ instruments: { symbol: string }[] }>(
    t,
    who,
    '/api/staff/trading/instruments',
  );
  const found = instruments.find((row) => row.symbol === symbol);
  if (!found) throw new Error(`${symbol} not listed`);
  return found as Record<string, unknown>;
}

async function publicInstrument(symbol: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/trading/instruments' });
  return (response.json() as { symbol: string }[]).find((row) => row.symbol === symbol) as Record<
    string,
    unknown
  >;
}

describe('the desk’s instrument settings', () => {
  it('lists the catalogue’s values until the desk changes something', async () => {
    expect(await settingsOf('GBPUSD')).toEqual({
      symbol: 'GBPUSD',
      displayName: 'GBP/USD',
      class: 'forex',
      tradingEnabled: true,
      spreadMarkupPoints: 0,
      catalogueSpreadPoints: 30,
      spreadPoints: 30,
      maxVolume: '50.00',
      catalogueMaxVolume: '50.00',
      minVolume: '0.01',
      volumeStep: '0.01',
      catalogueLeverage: 200,
      leverageCap: null,
      leverage: 200,
      swapLongPoints: '-5.00',
      swapShortPoints: '-5.00',
      catalogueSwapLongPoints: '-5.00',
      catalogueSwapShortPoints: '-5.00',
      badTickSpreads: null,
      exposureLimitUsd: null,
      lastChange: null,
    });
  });

  it('switched off: new orders and modifications refused, pending orders wait, closes and cancels work', async () => {
    const { who, account } = await demoTrader(t);
    const open = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    // A buy limit 20 pips under the ask, and one to cancel later.
    const limit = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '1.09800',
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const toCancel = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      type: 'limit',
      volume: '0.10',
      price: '1.10500',
    });
    expect(toCancel.statusCode, toCancel.body).toBe(201);
    const limitId = (limit.json() as { orders: { id: string }[] }).orders[0]!.id;

    const off = await change('EURUSD', {
      tradingEnabled: false,
      reason: 'Feed incident: EUR/USD quotes under review',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      tradingEnabled: false,
      lastChange: { by: expect.any(String), reason: 'Feed incident: EUR/USD quotes under review' },
    });
    expect(await publicInstrument('EURUSD')).toMatchObject({ tradingEnabled: false });

    const refused = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '0.10',
      type: 'market',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRADING_DISABLED' });
    const modify = await call(t, who, 'PATCH', accountUrl(account.id, `/positions/${open.id}`), {
      sl: '1.09000',
    });
    expect(modify.statusCode).toBe(403);
    // Another instrument trades as before.
    await marketOrder(t, who, account.id, { symbol: 'GBPUSD', side: 'buy', volume: '0.01' });

    // The ask falls through the limit: it waits while trading is off.
    await push(t, ['EURUSD', '1.09760', '1.09790']);
    expect((await ordersOf(t, who, account.id, 'pending')).map((o) => o.id)).toContain(limitId);

    // Closing and cancelling reduce risk: allowed (§11.8).
    const closed = await closePosition(t, who, account.id, open.id);
    expect(closed.statusCode, closed.body).toBe(200);
    const other = (await ordersOf(t, who, account.id, 'pending')).find((o) => o.id !== limitId);
    const cancelled = await call(t, who, 'DELETE', accountUrl(account.id, `/orders/${other!.id}`));
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // Back on: the next tick through the limit fills it.
    expect(
      (await change('EURUSD', { tradingEnabled: true, reason: 'Feed checked' })).statusCode,
    ).toBe(200);
    await push(t, ['EURUSD', '1.09765', '1.09795']);
    expect((await ordersOf(t, who, account.id, 'pending')).map((o) => o.id)).not.toContain(limitId);
    expect((await positionsOf(t, who, account.id)).map((p) => p.symbol)).toContain('EURUSD');
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });

  it('binds new orders to the maximum volume and restores the catalogue’s with null', async () => {
    const { who, account } = await demoTrader(t);
    expect((await change('USDJPY', { maxVolume: '1.00', reason: 'Thin book' })).statusCode).toBe(
      200,
    );
    const order = (volume: string) =>
      placeOrder(t, who, account.id, { symbol: 'USDJPY', side: 'buy', type: 'market', volume });
    expect((await order('1.01')).json()).toMatchObject({ code: 'INVALID_VOLUME' });
    expect((await order('1.00')).statusCode).toBe(201);
    expect(await publicInstrument('USDJPY')).toMatchObject({ maxVolume: '1.00' });

    expect(
      (await change('USDJPY', { maxVolume: null, reason: 'Book normal' })).json(),
    ).toMatchObject({ maxVolume: '50.00' });
    expect((await order('1.01')).statusCode).toBe(201);
  });

  it('caps the leverage of positions opened from now; open positions keep their margin', async () => {
    const { who, account } = await demoTrader(t);
    const before = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    // 0.10 lot at 1.10015 and 1:200: ⌈10,000 × 1.10015 / 200⌉ = 5,501 ¢.
    expect(before.marginMinor).toBe(5_501);

    const capped = await change('EURUSD', { leverageCap: 50, reason: 'Retail cap review' });
    expect(capped.json()).toMatchObject({ leverageCap: 50, leverage: 50, catalogueLeverage: 200 });
    const after = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    // 1:50: 10,000 × 1.10015 / 50 = 22,003 ¢.
    expect(after.marginMinor).toBe(22_003);
    const positions = await positionsOf(t, who, account.id);
    expect(positions.find((p) => p.id === before.id)?.marginMinor).toBe(5_501);
    expect((await getAccount(t, who, account.id)).usedMarginMinor).toBe(5_501 + 22_003);

    expect((await change('EURUSD', { leverageCap: 500, reason: 'Too high' })).json()).toEqual({
      message: "Leverage cap must not exceed the catalogue's 1:200",
      code: 'VALIDATION_FAILED',
      fields: { leverageCap: ["Leverage cap must not exceed the catalogue's 1:200"] },
    });
    expect((await change('EURUSD', { leverageCap: null, reason: 'Cap lifted' })).statusCode).toBe(
      200,
    );
  });

  it('widens the spread and the stops level by the markup', async () => {
    const { who, account } = await demoTrader(t);
    expect(await publicInstrument('GBPUSD')).toMatchObject({
      spreadPoints: 30,
      stopsLevelPoints: 30,
    });
    const marked = await change('GBPUSD', { spreadMarkupPoints: 10, reason: 'Volatility' });
    expect(marked.json()).toMatchObject({ spreadMarkupPoints: 10, spreadPoints: 40 });
    expect(await publicInstrument('GBPUSD')).toMatchObject({
      spreadPoints: 40,
      stopsLevelPoints: 40,
    });
    // A buy limit exactly 30 points under the ask was valid; the stops level is now 40.
    const limit = (price: string) =>
      placeOrder(t, who, account.id, {
        symbol: 'GBPUSD',
        side: 'buy',
        type: 'limit',
        volume: '0.01',
        price,
      });
    expect((await limit('1.26985')).json()).toMatchObject({ code: 'INVALID_PRICE' });
    expect((await limit('1.26975')).statusCode).toBe(201);
    await change('GBPUSD', { spreadMarkupPoints: 0, reason: 'Volatility over' });
  });

  it('holds back a quote that jumps more than the bad-tick threshold, until the next confirms it', async () => {
    const { who, account } = await demoTrader(t);
    // A buy limit at 1.09000: a bad quote through it must not fill it.
    const limit = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '1.09000',
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const set = await change('EURUSD', { badTickSpreads: 10, reason: 'Feed glitches' });
    expect(set.json()).toMatchObject({ badTickSpreads: 10 });
    const latestBid = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/trading/quotes' });
      const quotes = (response.json() as { quotes: { symbol: string; bid: string }[] }).quotes;
      return quotes.find((q) => q.symbol === 'EURUSD')?.bid;
    };
    const heldTicks = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/staff/trading/held-ticks',
        headers: operations.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { heldTicks: Record<string, unknown>[] }).heldTicks;
    };

    // 1.09985/1.10015 → 1.08500/1.08530: 1,485 points of mid, over 10 × 30. Held back.
    await push(t, ['EURUSD', '1.08500', '1.08530']);
    expect(await latestBid()).toBe('1.09985');
    expect((await heldTicks())[0]).toMatchObject({
      symbol: 'EURUSD',
      bid: '1.08500',
      lastBid: '1.09985',
      thresholdSpreads: 10,
      outcome: 'pending',
    });
    expect((await ordersOf(t, who, account.id, 'pending')).map((o) => o.type)).toEqual(['limit']);

    // Back near the last tick: it was a spike, and the limit never filled.
    await push(t, ['EURUSD', '1.09990', '1.10020']);
    expect(await latestBid()).toBe('1.09990');
    expect((await heldTicks())[0]).toMatchObject({ bid: '1.08500', outcome: 'spike' });
    expect(await positionsOf(t, who, account.id)).toEqual([]);

    // A real move: the next quote stays near the held one, and is logged.
    await push(t, ['EURUSD', '1.10800', '1.10830'], ['EURUSD', '1.10810', '1.10840']);
    expect(await latestBid()).toBe('1.10810');
    expect((await heldTicks())[0]).toMatchObject({ bid: '1.10800', outcome: 'confirmed' });

    // Off again: any move passes.
    await change('EURUSD', { badTickSpreads: null, reason: 'Feed fixed' });
    await push(t, ['EURUSD', '1.09985', '1.10015']);
    expect(await latestBid()).toBe('1.09985');
    expect((await heldTicks())[0]).toMatchObject({ bid: '1.10800' });
    const limitId = (limit.json() as { orders: { id: string }[] }).orders[0]!.id;
    await call(t, who, 'DELETE', accountUrl(account.id, `/orders/${limitId}`));
  });

  it('applies swap rates from the next rollover, even one posted late', async () => {
    const db = t.database.db;
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'GBPUSD',
      side: 'buy',
      volume: '1.00',
    });
    // Changed before Monday's rollover: Monday charges −12.50 points on 1 lot = −1,250 ¢.
    const response = await change('GBPUSD', {
      swapLongPoints: '-12.50',
      swapShortPoints: '2',
      reason: 'Rates desk update',
    });
    expect(response.json()).toMatchObject({ swapLongPoints: '-12.50', swapShortPoints: '2.00' });
    await t.prices.advanceTo('2026-03-02T21:00:00.000Z');
    const swaps = await db.execute(
      sql`select amount_minor from trading_swaps where position_id = ${Number(position.id)}`,
    );
    expect(
      (swaps as unknown as { rows: { amount_minor: unknown }[] }).rows.map((row) =>
        Number(row.amount_minor),
      ),
    ).toEqual([-1_250]);
    expect(
      (await positionsOf(t, who, account.id)).find((p) => p.id === position.id)?.swapMinor,
    ).toBe(-1_250);

    // A rollover posted after a later change still uses the rates in force at its own time.
    const store = makeInstrumentSettings({ db });
    await store.start();
    const mondayRates = await store.swapRatesAt(db, Date.parse('2026-03-02T21:00:00.000Z'));
    expect(mondayRates(specOfSymbol('GBPUSD'))).toEqual({ long: -1_250, short: 200 });
    const beforeChange = await store.swapRatesAt(db, Date.parse('2026-03-02T08:00:00.000Z'));
    expect(beforeChange(specOfSymbol('GBPUSD'))).toEqual({ long: -500, short: -500 });
    await store.stop();
    await closePosition(t, who, account.id, position.id);
  });

  it('keeps both of two changes made at once to different settings', async () => {
    const [markup, volume] = await Promise.all([
      change('EURGBP', { spreadMarkupPoints: 7, reason: 'Desk A' }),
      change('EURGBP', { maxVolume: '2.00', reason: 'Desk B' }),
    ]);
    expect([markup.statusCode, volume.statusCode]).toEqual([200, 200]);
    expect(await settingsOf('EURGBP')).toMatchObject({ spreadMarkupPoints: 7, maxVolume: '2.00' });
  });

  it('audits each change with what was in force before and after, and the reason', async () => {
    await change('USDJPY', { spreadMarkupPoints: 5, reason: 'Audit check' });
    const audit = await t.database.db.execute(
      sql`select staff_role, target_type, target_id, before, after from audit_log
          where action = 'trading.instrument_settings' and target_id = 'USDJPY'
          order by created_at desc, id desc limit 1`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows[0]).toMatchObject({
      staff_role: 'operations',
      target_type: 'instrument',
      before: { spreadMarkupPoints: 0, maxVolume: '50.00' },
      after: { spreadMarkupPoints: 5, maxVolume: '50.00', reason: 'Audit check' },
    });
    await change('USDJPY', { spreadMarkupPoints: 0, reason: 'Audit check over' });
  });

  it('refuses bad changes with the shared messages and changes nothing', async () => {
    const before = await settingsOf('EURUSD');
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['EURUSD', { tradingEnabled: false }, 400, 'Please give a reason the client will see'],
      ['EURUSD', { reason: 'Nothing' }, 400, 'Nothing to change'],
      [
        'EURUSD',
        { spreadMarkupPoints: -1, reason: 'x' },
        400,
        'Spread markup must be a whole number of points from 0 to 100000',
      ],
      [
        'EURUSD',
        { maxVolume: '60', reason: 'x' },
        400,
        'Maximum volume must be from 0.01 to 50.00 lots in steps of 0.01',
      ],
      [
        'EURUSD',
        { swapLongPoints: '-5.001', reason: 'x' },
        400,
        'Swap rate must be a number of points with at most 2 decimals, e.g. -5.00',
      ],
      ['NOPE', { tradingEnabled: false, reason: 'x' }, 404, 'Unknown instrument'],
    ];
    for (const [symbol, payload, status, message] of cases) {
      const response = await change(symbol, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect((response.json() as { message: string }).message).toContain(message);
    }
    expect(await settingsOf('EURUSD')).toEqual(before);
  });

  it('lets compliance and auditors read, refuses them a change, and hides it from support', async () => {
    for (const role of ['compliance', 'auditor'] as const) {
      const who = await staffCaller(t, role);
      expect((await settingsOf('EURUSD', who)).symbol).toBe('EURUSD');
      expect((await change('EURUSD', { tradingEnabled: false, reason: 'x' }, who)).statusCode).toBe(
        403,
      );
    }
    const support = await staffCaller(t, 'support');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/staff/trading/instruments',
      headers: support.headers,
    });
    expect(listed.statusCode).toBe(403);
    expect((await settingsOf('EURUSD')).tradingEnabled).toBe(true);
  });
});

function specOfSymbol(symbol: string) {
  const found = findSpec(symbol);
  if (!found) throw new Error(symbol);
  return found;
}
