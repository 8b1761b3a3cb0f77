// §11.11: each refusal's code and status, the order the checks run in, and idempotent replays
// (same key → same answer, nothing twice; business refusals replayed, validation not).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  closePosition,
  demoTrader,
  marketOrder,
  openAccount,
  placeOrder,
  positionsOf,
  push,
  pushMajors,
  trader,
} from '../../test/trading-fixtures.js';
import type { Trader, TradingAccount } from '../../test/trading-fixtures.js';

let t: TestApp;
let who: Trader;
let account: TradingAccount;

const buy = { symbol: 'EURUSD', side: 'buy' as const, type: 'market', volume: '0.10' };

async function refused(response: { statusCode: number; json: () => unknown }) {
  return { status: response.statusCode, code: (response.json() as { code?: string }).code };
}

beforeAll(async () => {
  t = await createTestApp({ startTime: TEST_START_TIME });
  await pushMajors(t);
  ({ who, account } = await demoTrader(t));
});

afterAll(async () => {
  await t.close();
});

describe('one refusal per code', () => {
  it('VALIDATION_FAILED: no Idempotency-Key, a malformed volume, too many decimals', async () => {
    const noKey = await placeOrder(t, who, account.id, buy, '');
    expect(await refused(noKey)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const badVolume = await placeOrder(t, who, account.id, { ...buy, volume: '1e2' });
    expect(await refused(badVolume)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const decimals = await placeOrder(t, who, account.id, { ...buy, sl: '1.000001' });
    expect(await refused(decimals)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const past = await placeOrder(t, who, account.id, {
      ...buy,
      type: 'limit',
      price: '1.09000',
      timeInForce: 'GTD',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(await refused(past)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('ORDER_NOT_FOUND and ALREADY_CLOSED for positions and orders', async () => {
    expect(await refused(await closePosition(t, who, account.id, '999999'))).toEqual({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    expect(await refused(await closePosition(t, who, account.id, 'not-an-id'))).toEqual({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    const position = await marketOrder(t, who, account.id, buy);
    expect((await closePosition(t, who, account.id, position.id)).statusCode).toBe(200);
    expect(await refused(await closePosition(t, who, account.id, position.id))).toEqual({
      status: 409,
      code: 'ALREADY_CLOSED',
    });
    const cancelled = await call(t, who, 'DELETE', accountUrl(account.id, '/orders/424242'));
    expect(await refused(cancelled)).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
  });

  it('UNKNOWN_INSTRUMENT, MARKET_CLOSED (no tick), INVALID_VOLUME', async () => {
    const unknown = await placeOrder(t, who, account.id, { ...buy, symbol: 'EURXYZ' });
    expect(await refused(unknown)).toEqual({ status: 400, code: 'UNKNOWN_INSTRUMENT' });
    const noTick = await placeOrder(t, who, account.id, { ...buy, symbol: 'AUDCAD' });
    expect(await refused(noTick)).toEqual({ status: 409, code: 'MARKET_CLOSED' });
    for (const volume of ['0.00', '50.01']) {
      const response = await placeOrder(t, who, account.id, { ...buy, volume });
      expect(await refused(response)).toEqual({ status: 400, code: 'INVALID_VOLUME' });
    }
  });

  it('INVALID_PRICE, INVALID_STOPS, INSUFFICIENT_MARGIN', async () => {
    // Buy limit must be ≤ ask − Lv (1.10015 − 30 points = 1.09985).
    const atEdge = await placeOrder(t, who, account.id, {
      ...buy,
      type: 'limit',
      price: '1.09985',
    });
    expect(atEdge.statusCode).toBe(201);
    const tooClose = await placeOrder(t, who, account.id, {
      ...buy,
      type: 'limit',
      price: '1.09986',
    });
    expect(await refused(tooClose)).toEqual({ status: 400, code: 'INVALID_PRICE' });
    // A buy's SL must be ≤ bid − Lv = 1.09955.
    const slTooClose = await placeOrder(t, who, account.id, { ...buy, sl: '1.09956' });
    expect(await refused(slTooClose)).toEqual({ status: 400, code: 'INVALID_STOPS' });
    const trailTooShort = await placeOrder(t, who, account.id, { ...buy, trailingPoints: 29 });
    expect(await refused(trailTooShort)).toEqual({ status: 400, code: 'INVALID_STOPS' });
    // 50 lots need $27,503.75 of margin on a $10,000 account.
    const big = await placeOrder(t, who, account.id, { ...buy, volume: '50.00' });
    expect(await refused(big)).toEqual({ status: 409, code: 'INSUFFICIENT_MARGIN' });
  });

  it('TRADING_DISABLED on an archived demo', async () => {
    const fresh = await demoTrader(t);
    const reset = await call(t, fresh.who, 'POST', accountUrl(fresh.account.id, '/reset'));
    expect(reset.statusCode).toBe(201);
    const response = await placeOrder(t, fresh.who, fresh.account.id, buy);
    expect(await refused(response)).toEqual({ status: 403, code: 'TRADING_DISABLED' });
  });

  it('404 for another client’s account, whatever the body', async () => {
    const other = await trader(t);
    const response = await placeOrder(t, other, account.id, { nonsense: true });
    expect(response.statusCode).toBe(404);
    const positions = await call(t, other, 'GET', accountUrl(account.id, '/positions'));
    expect(positions.statusCode).toBe(404);
  });
});

describe('another client’s orders and positions through one’s own account', () => {
  it('are 404 ORDER_NOT_FOUND, like missing ones', async () => {
    const owner = await demoTrader(t);
    const position = await marketOrder(t, owner.who, owner.account.id, buy);
    const placed = await placeOrder(t, owner.who, owner.account.id, {
      ...buy,
      type: 'limit',
      price: '1.09000',
    });
    const orderId = placed.json<{ orders: { id: string }[] }>().orders[0]?.id;
    const intruder = await demoTrader(t);
    const own = (rest: string) => accountUrl(intruder.account.id, rest);
    const attempts = [
      await closePosition(t, intruder.who, intruder.account.id, position.id),
      await call(t, intruder.who, 'PATCH', own(`/positions/${position.id}`), { sl: '1.09000' }),
      await call(t, intruder.who, 'DELETE', own(`/orders/${orderId}`)),
      await call(t, intruder.who, 'PATCH', own(`/orders/${orderId}`), { price: '1.08900' }),
    ];
    for (const attempt of attempts) {
      expect(await refused(attempt)).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    }
    expect(await positionsOf(t, owner.who, owner.account.id)).toHaveLength(1);
  });
});

describe('the order of the checks', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'unknown symbol before volume',
      { ...buy, symbol: 'NOPE', volume: '99.00' },
      'UNKNOWN_INSTRUMENT',
    ],
    ['closed market before volume', { ...buy, symbol: 'AUDCAD', volume: '99.00' }, 'MARKET_CLOSED'],
    [
      'volume before price',
      { ...buy, type: 'limit', price: '1.20000', volume: '99.00' },
      'INVALID_VOLUME',
    ],
    [
      'price before stops',
      { ...buy, type: 'limit', price: '1.20000', sl: '1.30000' },
      'INVALID_PRICE',
    ],
    ['stops before margin', { ...buy, volume: '50.00', sl: '1.20000' }, 'INVALID_STOPS'],
  ];
  it.each(cases)('%s', async (_name, order, code) => {
    const response = await placeOrder(t, who, account.id, order);
    expect((response.json() as { code: string }).code).toBe(code);
  });

  it('trading disabled before a closed market', async () => {
    const fresh = await demoTrader(t);
    await call(t, fresh.who, 'POST', accountUrl(fresh.account.id, '/reset'));
    const response = await placeOrder(t, fresh.who, fresh.account.id, { ...buy, symbol: 'AUDCAD' });
    expect((response.json() as { code: string }).code).toBe('TRADING_DISABLED');
  });
});

describe('idempotency', () => {
  it('the same key answers the same and fills once; another body with it is a 409', async () => {
    const fresh = await demoTrader(t);
    const key = randomUUID();
    const first = await placeOrder(t, fresh.who, fresh.account.id, buy, key);
    const again = await placeOrder(t, fresh.who, fresh.account.id, buy, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await positionsOf(t, fresh.who, fresh.account.id)).toHaveLength(1);
    const other = await placeOrder(t, fresh.who, fresh.account.id, { ...buy, side: 'sell' }, key);
    expect(other.statusCode).toBe(409);
    expect((other.json() as { code: string }).code).toBe('CONFLICT');
  });

  it('two requests with one key at once open one position', async () => {
    const fresh = await demoTrader(t);
    const key = randomUUID();
    const answers = await Promise.all([
      placeOrder(t, fresh.who, fresh.account.id, buy, key),
      placeOrder(t, fresh.who, fresh.account.id, buy, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await positionsOf(t, fresh.who, fresh.account.id)).toHaveLength(1);
  });

  it('a business refusal is replayed for its key even once the order would pass', async () => {
    const fresh = await demoTrader(t);
    const key = randomUUID();
    const order = { ...buy, symbol: 'NZDCAD' };
    const first = await placeOrder(t, fresh.who, fresh.account.id, order, key);
    expect((first.json() as { code: string }).code).toBe('MARKET_CLOSED');
    await push(
      t,
      ['NZDCAD', '0.82000', '0.82030'],
      ['USDCAD', '1.35985', '1.36015'],
      ['NZDUSD', '0.59985', '0.60015'],
    );
    const replay = await placeOrder(t, fresh.who, fresh.account.id, order, key);
    expect(replay.statusCode).toBe(409);
    expect((replay.json() as { code: string }).code).toBe('MARKET_CLOSED');
    const newKey = await placeOrder(t, fresh.who, fresh.account.id, order);
    expect(newKey.statusCode).toBe(201);
  });

  it('a repeat answers the stored refusal even once the order’s expiry time has passed', async () => {
    // Found by the property test: the expiry check ran before the key's look-up, so the repeat
    // of a refused GTD order a second later was a 400 VALIDATION_FAILED instead.
    const fresh = await demoTrader(t);
    const key = randomUUID();
    const expiresAt = new Date(t.hub.now() + 1_000).toISOString();
    const order = { ...buy, type: 'limit', price: '1.09986', timeInForce: 'GTD', expiresAt };
    const first = await placeOrder(t, fresh.who, fresh.account.id, order, key);
    expect(await refused(first)).toEqual({ status: 400, code: 'INVALID_PRICE' });
    await t.prices.advanceTo(new Date(t.hub.now() + 2_000).toISOString());
    const replay = await placeOrder(t, fresh.who, fresh.account.id, order, key);
    expect(await refused(replay)).toEqual({ status: 400, code: 'INVALID_PRICE' });
    const newKey = await placeOrder(t, fresh.who, fresh.account.id, order);
    expect(await refused(newKey)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('two refused requests with one key at once store one refusal and answer it', async () => {
    const fresh = await demoTrader(t);
    const key = randomUUID();
    const order = { ...buy, volume: '50.00' };
    const answers = await Promise.all([
      placeOrder(t, fresh.who, fresh.account.id, order, key),
      placeOrder(t, fresh.who, fresh.account.id, order, key),
    ]);
    for (const answer of answers) {
      expect(await refused(answer)).toEqual({ status: 409, code: 'INSUFFICIENT_MARGIN' });
    }
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from trading_requests where key = ${key}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('a close replayed with its key closes once', async () => {
    const fresh = await demoTrader(t);
    const position = await marketOrder(t, fresh.who, fresh.account.id, { ...buy, volume: '0.10' });
    const key = randomUUID();
    const first = await closePosition(t, fresh.who, fresh.account.id, position.id, '0.05', key);
    const again = await closePosition(t, fresh.who, fresh.account.id, position.id, '0.05', key);
    expect(again.json()).toEqual(first.json());
    const [left] = await positionsOf(t, fresh.who, fresh.account.id);
    expect(left?.volume).toBe('0.05');
  });
});

describe('accounts', () => {
  it('one open demo per client (ACCOUNT_EXISTS); live needs documents', async () => {
    const fresh = await trader(t);
    await openAccount(t, fresh, 'demo');
    const twice = await call(t, fresh, 'POST', '/api/trading/accounts', { kind: 'demo' });
    expect(await refused(twice)).toEqual({ status: 409, code: 'ACCOUNT_EXISTS' });
    const live = await call(t, fresh, 'POST', '/api/trading/accounts', { kind: 'live' });
    expect(await refused(live)).toEqual({ status: 403, code: 'DOCUMENTS_REQUIRED' });
  });

  it('live needs a verified e-mail', async () => {
    const client = await t.createClient({}, { verified: false });
    const token = await t.login(client.email, client.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trading/accounts',
      headers: { 'user-token': token },
      payload: { kind: 'live' },
    });
    expect(await refused(response)).toEqual({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
  });
});
