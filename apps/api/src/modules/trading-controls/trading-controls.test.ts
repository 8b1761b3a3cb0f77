// The dealing desk's trading controls (issue 19, decision 133), on PGlite and PostgreSQL: the
// platform or one client in close only refuses new orders and modifications and holds pending
// orders while closes and cancels work; halted refuses the client's closes too, never a cancel or
// the desk's own close; the client reads the mode they trade under; each change is audited.
import { randomUUID } from 'node:crypto';
import { TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  closePosition,
  demoTrader,
  deskApp,
  marketOrder,
  ordersOf,
  placeOrder,
  positionsOf,
  push,
  staffCall,
  staffRead,
} from '../../test/trading-fixtures.js';
import type { Trader } from '../../test/trading-fixtures.js';

let t: TestApp;
let operations: Caller;

beforeAll(async () => {
  ({ t, desk: operations } = await deskApp());
});

afterAll(async () => {
  await t.close();
});

function setMode(
  scope: 'platform' | { clientId: string },
  payload: Record<string, unknown>,
  who = operations,
): Promise<LightMyRequestResponse> {
  const url =
    scope === 'platform'
      ? '/api/staff/trading/controls/platform'
      : `/api/staff/trading/controls/clients/${scope.clientId}`;
  return staffCall(t, who, 'PUT', url, payload);
}

async function controls() {
  return staffRead<{
    platform: { mode: string; reason: string | null; by: string | null };
    clients: { clientId: string; mode: string; reason: string; clientEmail: string }[];
  }>(t, operations, '/api/staff/trading/controls');
}

async function statusOf(who: Trader) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/trading/status',
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { mode: string; message: string | null };
}

const sellMarket = { symbol: 'EURUSD', side: 'sell', type: 'market', volume: '0.10' } as const;

afterEach(async () => {
  // Each test starts with the platform trading normally.
  expect((await setMode('platform', { mode: 'normal', reason: 'Test over' })).statusCode).toBe(200);
});

describe('the desk’s trading controls', () => {
  it('close only for the platform: no new risk, pending orders wait, closes and cancels work', async () => {
    const { who, account } = await demoTrader(t);
    const open = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    const limit = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '1.09800',
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const limitId = (limit.json() as { orders: { id: string }[] }).orders[0]!.id;
    expect(await statusOf(who)).toEqual({ mode: 'normal', message: null });

    const set = await setMode('platform', {
      mode: 'close_only',
      reason: 'Price feed under review',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      mode: 'close_only',
      reason: 'Price feed under review',
      by: expect.any(String),
    });
    expect((await controls()).platform).toMatchObject({ mode: 'close_only' });
    expect(await statusOf(who)).toEqual({
      mode: 'close_only',
      message: TRADING_MESSAGES.closeOnly,
    });

    const refused = await placeOrder(t, who, account.id, sellMarket);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'TRADING_DISABLED',
      message: TRADING_MESSAGES.closeOnly,
    });
    const modify = await call(t, who, 'PATCH', accountUrl(account.id, `/positions/${open.id}`), {
      sl: '1.09000',
    });
    expect(modify.statusCode).toBe(403);

    // The ask falls through the limit: it waits while the platform is close only.
    await push(t, ['EURUSD', '1.09760', '1.09790']);
    expect((await ordersOf(t, who, account.id, 'pending')).map((o) => o.id)).toContain(limitId);

    const closed = await closePosition(t, who, account.id, open.id);
    expect(closed.statusCode, closed.body).toBe(200);

    // Normal again: the next tick through the limit fills it.
    expect((await setMode('platform', { mode: 'normal', reason: 'Feed checked' })).statusCode).toBe(
      200,
    );
    await push(t, ['EURUSD', '1.09765', '1.09795']);
    expect((await ordersOf(t, who, account.id, 'pending')).map((o) => o.id)).not.toContain(limitId);
    expect((await positionsOf(t, who, account.id)).map((p) => p.symbol)).toContain('EURUSD');
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });

  it('halts one client: their closes refused, cancels and the desk’s close work; others trade', async () => {
    const { who, account } = await demoTrader(t);
    const other = await demoTrader(t);
    const open = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    const pending = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      type: 'limit',
      volume: '0.10',
      price: '1.10500',
    });
    expect(pending.statusCode, pending.body).toBe(201);

    const set = await setMode(
      { clientId: who.id },
      { mode: 'halted', reason: 'Account under fraud review' },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ clientId: who.id, mode: 'halted', clientEmail: who.email });
    expect((await controls()).clients).toContainEqual(
      expect.objectContaining({ clientId: who.id, mode: 'halted' }),
    );
    expect(await statusOf(who)).toEqual({ mode: 'halted', message: TRADING_MESSAGES.halted });
    expect(await statusOf(other.who)).toEqual({ mode: 'normal', message: null });

    const close = await closePosition(t, who, account.id, open.id);
    expect(close.statusCode).toBe(403);
    expect(close.json()).toMatchObject({ message: TRADING_MESSAGES.halted });
    expect((await placeOrder(t, who, account.id, sellMarket)).statusCode).toBe(403);
    const orderId = (pending.json() as { orders: { id: string }[] }).orders[0]!.id;
    const cancelled = await call(t, who, 'DELETE', accountUrl(account.id, `/orders/${orderId}`));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await placeOrder(t, other.who, other.account.id, sellMarket)).statusCode).toBe(201);

    const byDesk = await t.app.inject({
      method: 'POST',
      url: `/api/staff/trading/positions/${open.id}/close`,
      headers: { ...operations.headers, 'idempotency-key': randomUUID() },
      payload: { reason: 'Closed during the review at the client’s request' },
    });
    expect(byDesk.statusCode, byDesk.body).toBe(200);

    expect(
      (await setMode({ clientId: who.id }, { mode: 'normal', reason: 'Review done' })).statusCode,
    ).toBe(200);
    expect((await controls()).clients.map((c) => c.clientId)).not.toContain(who.id);
    // The client's page still says who set them back to normal, and why.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/staff/trading/controls/clients/${who.id}`,
      headers: operations.headers,
    });
    expect(own.json()).toMatchObject({
      client: { mode: 'normal', reason: 'Review done', by: expect.any(String) },
      platform: { mode: 'normal' },
    });
    expect((await placeOrder(t, who, account.id, sellMarket)).statusCode).toBe(201);
  });

  it('applies the stricter of the platform’s mode and the client’s', async () => {
    const { who, account } = await demoTrader(t);
    const open = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    await setMode({ clientId: who.id }, { mode: 'close_only', reason: 'Margin review' });
    await setMode('platform', { mode: 'halted', reason: 'Exchange outage' });
    expect((await statusOf(who)).mode).toBe('halted');
    expect((await closePosition(t, who, account.id, open.id)).statusCode).toBe(403);
    await setMode('platform', { mode: 'normal', reason: 'Outage over' });
    expect((await statusOf(who)).mode).toBe('close_only');
    expect((await closePosition(t, who, account.id, open.id)).statusCode).toBe(200);
    await setMode({ clientId: who.id }, { mode: 'normal', reason: 'Review done' });
  });

  it('audits each change with the mode before and after and the reason', async () => {
    await setMode('platform', { mode: 'close_only', reason: 'Audit check' });
    const audit = await t.database.db.execute(
      sql`select staff_role, target_type, target_id, before, after from audit_log
          where action = 'trading.control' order by created_at desc, id desc limit 1`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows[0]).toMatchObject({
      staff_role: 'operations',
      target_type: 'platform',
      target_id: 'platform',
      before: { mode: 'normal' },
      after: { mode: 'close_only', reason: 'Audit check' },
    });
  });

  it('refuses bad changes with the shared messages and changes nothing', async () => {
    const { who } = await demoTrader(t);
    const cases: [Parameters<typeof setMode>[0], Record<string, unknown>, number, string][] = [
      ['platform', { mode: 'halted' }, 400, 'Please give a reason the client will see'],
      ['platform', { mode: 'off', reason: 'x' }, 400, TRADING_MESSAGES.modeInvalid],
      [{ clientId: randomUUID() }, { mode: 'halted', reason: 'x' }, 404, 'Client not found'],
      [{ clientId: 'not-an-id' }, { mode: 'halted', reason: 'x' }, 404, 'Client not found'],
    ];
    for (const [scope, payload, status, message] of cases) {
      const response = await setMode(scope, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject({ message });
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/staff/trading/controls/clients/${randomUUID()}`,
      headers: operations.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const support = await staffCaller(t, 'support');
    expect(
      (await setMode({ clientId: who.id }, { mode: 'halted', reason: 'x' }, support)).statusCode,
    ).toBe(403);
    expect((await controls()).platform.mode).toBe('normal');
    expect(await statusOf(who)).toEqual({ mode: 'normal', message: null });
  });
});
