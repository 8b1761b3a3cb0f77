// Exposure limits (issue 19, decision 135), on PGlite and PostgreSQL. EUR/USD at 1.09985/1.10015:
// 0.10 lot is 10,000 € of notional, $11,001.50 at the ask. A client's gross notional and the live
// book's net per instrument must stay within the desk's limits; demo accounts are never limited;
// an order that brings the book's net towards zero always passes; a pending order is checked
// again when it fills.
import { TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../test/money-fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import {
  demoTrader,
  deskApp,
  liveTrader,
  ordersOf,
  placeOrder,
  positionsOf,
  push,
  staffCall,
  staffRead,
} from '../../test/trading-fixtures.js';

let t: TestApp;
let operations: Caller;

beforeAll(async () => {
  ({ t, desk: operations } = await deskApp());
});

afterAll(async () => {
  await t.close();
});

function staff(method: 'PUT' | 'PATCH', url: string, payload: Record<string, unknown>) {
  return staffCall(t, operations, method, url, payload);
}

async function exposure() {
  return staffRead<{
    instruments: Record<string, unknown>[];
    clientsNearLimit: Record<string, unknown>[];
  }>(t, operations, '/api/staff/trading/exposure');
}

const order = (side: 'buy' | 'sell', volume: string) =>
  ({ symbol: 'EURUSD', side, type: 'market', volume }) as const;

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ code: 'TRADING_DISABLED', message });
}

describe('exposure limits', () => {
  it('holds a client’s gross notional within their limit, the platform’s default or their own', async () => {
    const { who, account } = await liveTrader(t, 500_000);
    const demo = await demoTrader(t);
    const set = await staff('PUT', '/api/staff/trading/controls/platform', {
      mode: 'normal',
      exposureLimitUsd: 20_000,
      reason: 'Every client: at most $20,000 of notional',
    });
    expect(set.json()).toMatchObject({ mode: 'normal', exposureLimitUsd: 20_000 });

    expect((await placeOrder(t, who, account.id, order('buy', '0.10'))).statusCode).toBe(201);
    // $11,001.50 held + $11,001.50 more > $20,000.
    expectRefused(
      await placeOrder(t, who, account.id, order('sell', '0.10')),
      TRADING_MESSAGES.clientExposureLimit,
    );
    // A pending order is checked too, at its own price.
    expectRefused(
      await placeOrder(t, who, account.id, {
        symbol: 'EURUSD',
        side: 'buy',
        type: 'limit',
        volume: '0.10',
        price: '1.09000',
      }),
      TRADING_MESSAGES.clientExposureLimit,
    );
    expect((await placeOrder(t, who, account.id, order('buy', '0.08'))).statusCode).toBe(201);
    // 0.18 lot at the bid, $19,797.30: the desk is alerted from 80 %.
    expect((await exposure()).clientsNearLimit).toContainEqual({
      clientId: who.id,
      clientName: expect.any(String),
      clientEmail: who.email,
      grossNotionalMinor: 1_979_730,
      limitMinor: 2_000_000,
      limitUsedPercent: 98,
    });
    // Demo money is virtual: never limited.
    expect((await placeOrder(t, demo.who, demo.account.id, order('buy', '1.00'))).statusCode).toBe(
      201,
    );

    // The client's own limit overrides the platform's.
    const own = await staff('PUT', `/api/staff/trading/controls/clients/${who.id}`, {
      mode: 'normal',
      exposureLimitUsd: 50_000,
      reason: 'Professional client, reviewed',
    });
    expect(own.json()).toMatchObject({ exposureLimitUsd: 50_000 });
    expect((await placeOrder(t, who, account.id, order('sell', '0.10'))).statusCode).toBe(201);

    await staff('PUT', '/api/staff/trading/controls/platform', {
      mode: 'normal',
      exposureLimitUsd: null,
      reason: 'Default limit lifted',
    });
  });

  it('holds the live book’s net on an instrument within its limit; reducing the net always passes', async () => {
    const a = await liveTrader(t, 500_000);
    const b = await liveTrader(t, 500_000);
    const limited = await staff('PATCH', '/api/staff/trading/instruments/GBPUSD', {
      exposureLimitUsd: 30_000,
      reason: 'Thin book on cable',
    });
    expect(limited.json()).toMatchObject({ exposureLimitUsd: 30_000 });
    const gbp = (side: 'buy' | 'sell', volume: string) =>
      ({ symbol: 'GBPUSD', side, type: 'market', volume }) as const;

    // GBP/USD at 1.26985/1.27015: 0.20 lot is $25,403 at the ask.
    expect((await placeOrder(t, a.who, a.account.id, gbp('buy', '0.20'))).statusCode).toBe(201);
    // Valued at the bid, $25,397: 84 % of the limit.
    expect((await exposure()).instruments).toContainEqual(
      expect.objectContaining({
        symbol: 'GBPUSD',
        netNotionalMinor: 2_539_700,
        limitMinor: 3_000_000,
        limitUsedPercent: 84,
      }),
    );
    // Another client's 0.05 would take the net to 0.25 lot, $31,753.75.
    expectRefused(
      await placeOrder(t, b.who, b.account.id, gbp('buy', '0.05')),
      TRADING_MESSAGES.bookExposureLimit,
    );
    expect((await placeOrder(t, b.who, b.account.id, gbp('buy', '0.03'))).statusCode).toBe(201);
    // Selling brings the net towards zero: it passes whatever the size, up to the other side.
    expect((await placeOrder(t, b.who, b.account.id, gbp('sell', '0.40'))).statusCode).toBe(201);
    expectRefused(
      await placeOrder(t, b.who, b.account.id, gbp('sell', '0.10')),
      TRADING_MESSAGES.bookExposureLimit,
    );
  });

  it('rejects a pending order at its fill when the book has moved past the limit meanwhile', async () => {
    const a = await liveTrader(t, 500_000);
    const b = await liveTrader(t, 500_000);
    await push(t, ['USDCHF', '0.89985', '0.90015']);
    await staff('PATCH', '/api/staff/trading/instruments/USDCHF', {
      exposureLimitUsd: 15_000,
      reason: 'Franc under review',
    });
    // A buy limit for 0.10 lot ($10,000 of notional: USD is the base) under the market.
    const limit = await placeOrder(t, a.who, a.account.id, {
      symbol: 'USDCHF',
      side: 'buy',
      type: 'limit',
      volume: '0.10',
      price: '0.89900',
    });
    expect(limit.statusCode, limit.body).toBe(201);
    // Meanwhile another client takes the book to 0.10 lot long.
    expect(
      (
        await placeOrder(t, b.who, b.account.id, {
          symbol: 'USDCHF',
          side: 'buy',
          type: 'market',
          volume: '0.10',
        })
      ).statusCode,
    ).toBe(201);
    // The ask falls through the limit: 0.20 lot would be $20,000 > $15,000.
    await push(t, ['USDCHF', '0.89860', '0.89890']);
    const history = await ordersOf(t, a.who, a.account.id, 'history');
    expect(history[0]).toMatchObject({ status: 'rejected', rejectCode: 'EXPOSURE_LIMIT' });
    expect(await positionsOf(t, a.who, a.account.id)).toEqual([]);
  });
});
