// The tick evaluator (§11.8, §11.9): pending orders trigger at their boundary and fill at the
// tick's price, SL/TP/trailing close at the tick's price (gaps included), OCO pairs, time in
// force, margin rejections at the trigger.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingEvaluatorCursor } from '../../db/schema.js';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  dealsOf,
  demoTrader,
  marketOrder,
  ordersOf,
  placeOrder,
  positionsOf,
  push,
  pushMajors,
} from '../../test/trading-fixtures.js';
import type { OrderView } from '../../test/trading-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ startTime: TEST_START_TIME });
  await pushMajors(t);
});

afterAll(async () => {
  await t.close();
});

/** Back to EUR/USD 1.09985 / 1.10015 after a test moved it. */
const reset = () => push(t, ['EURUSD', '1.09985', '1.10015']);

async function pending(order: Record<string, unknown>) {
  const { who, account } = await demoTrader(t);
  const response = await placeOrder(t, who, account.id, {
    symbol: 'EURUSD',
    volume: '0.10',
    ...order,
  });
  expect(response.statusCode, response.body).toBe(201);
  const [placed] = response.json<{ orders: OrderView[] }>().orders;
  if (!placed) throw new Error('no order');
  return { who, account, order: placed };
}

describe('pending orders trigger at their boundary and fill at the tick', () => {
  const cases = [
    // [type, side, price, a tick that just misses, a tick that triggers, the fill]
    ['limit', 'buy', '1.09900', ['1.09871', '1.09901'], ['1.09870', '1.09900'], '1.09900'],
    ['stop', 'buy', '1.10100', ['1.10069', '1.10099'], ['1.10070', '1.10100'], '1.10100'],
    ['limit', 'sell', '1.10100', ['1.10099', '1.10129'], ['1.10100', '1.10130'], '1.10100'],
    ['stop', 'sell', '1.09900', ['1.09901', '1.09931'], ['1.09900', '1.09930'], '1.09900'],
  ] as const;
  it.each(cases)('%s %s at %s', async (type, side, price, miss, hit, fill) => {
    const { who, account, order } = await pending({ type, side, price });
    await push(t, ['EURUSD', miss[0], miss[1]]);
    expect((await ordersOf(t, who, account.id)).map((o) => o.id)).toEqual([order.id]);
    await push(t, ['EURUSD', hit[0], hit[1]]);
    expect(await ordersOf(t, who, account.id)).toEqual([]);
    const [position] = await positionsOf(t, who, account.id);
    expect(position).toMatchObject({ side, openPrice: fill, volume: '0.10' });
    const [filled] = await ordersOf(t, who, account.id, 'history');
    expect(filled).toMatchObject({ id: order.id, status: 'filled', positionId: position?.id });
    await reset();
  });

  it('a change that keeps the price is not refused for the market having come near it', async () => {
    const { who, account, order } = await pending({ type: 'limit', side: 'buy', price: '1.09900' });
    // Ask 1.09920: 20 points above the order, inside the 30-point stops level.
    await push(t, ['EURUSD', '1.09890', '1.09920']);
    const url = accountUrl(account.id, `/orders/${order.id}`);
    const tpOnly = await call(t, who, 'PATCH', url, { tp: '1.10500' });
    expect(tpOnly.statusCode, tpOnly.body).toBe(200);
    expect(tpOnly.json<OrderView>()).toMatchObject({ price: '1.09900', tp: '1.10500' });
    const samePrice = await call(t, who, 'PATCH', url, { price: '1.09900' });
    expect(samePrice.statusCode).toBe(400);
    expect(samePrice.json<{ code: string }>().code).toBe('INVALID_PRICE');
    await reset();
  });

  it('in a gap a buy limit fills better and a buy stop worse than its price', async () => {
    const limit = await pending({ type: 'limit', side: 'buy', price: '1.09900' });
    const stop = await pending({ type: 'stop', side: 'buy', price: '1.10100' });
    await push(t, ['EURUSD', '1.09770', '1.09800']);
    expect((await positionsOf(t, limit.who, limit.account.id))[0]?.openPrice).toBe('1.09800');
    await push(t, ['EURUSD', '1.10270', '1.10300']);
    expect((await positionsOf(t, stop.who, stop.account.id))[0]?.openPrice).toBe('1.10300');
    await reset();
  });
});

describe('stops on positions', () => {
  it('SL closes a buy at the tick’s bid, below the SL in a gap; reason sl', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
      sl: '1.09800',
      tp: '1.10300',
    });
    await push(t, ['EURUSD', '1.09801', '1.09831']);
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
    await push(t, ['EURUSD', '1.09700', '1.09730']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const [close] = await dealsOf(t, who, account.id);
    expect(close).toMatchObject({
      positionId: position.id,
      price: '1.09700',
      reason: 'sl',
      trailing: false,
      pnlMinor: (109700 - 110015) * 10,
    });
    await reset();
  });

  it('TP closes a sell at the tick’s ask; reason tp', async () => {
    const { who, account } = await demoTrader(t);
    await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '0.10',
      tp: '1.09700',
    });
    await push(t, ['EURUSD', '1.09671', '1.09701']);
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
    await push(t, ['EURUSD', '1.09670', '1.09700']);
    const [close] = await dealsOf(t, who, account.id);
    expect(close).toMatchObject({
      price: '1.09700',
      reason: 'tp',
      pnlMinor: (109985 - 109700) * 10,
    });
    await reset();
  });

  it('a trailing stop follows the bid up, never down, and closes flagged trailing', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
      trailingPoints: 100,
    });
    // Protects from the start: bid 1.09985 − 100 points.
    expect(position.sl).toBe('1.09885');
    await push(t, ['EURUSD', '1.10200', '1.10230']);
    expect((await positionsOf(t, who, account.id))[0]?.sl).toBe('1.10100');
    await push(t, ['EURUSD', '1.10150', '1.10180']);
    expect((await positionsOf(t, who, account.id))[0]?.sl).toBe('1.10100');
    await push(t, ['EURUSD', '1.10100', '1.10130']);
    const [close] = await dealsOf(t, who, account.id);
    expect(close).toMatchObject({ reason: 'sl', trailing: true, price: '1.10100' });
    await reset();
  });

  it('a position’s SL can be set, moved and removed through PATCH', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    const url = accountUrl(account.id, `/positions/${position.id}`);
    const set = await call(t, who, 'PATCH', url, { sl: '1.09500', tp: '1.11000' });
    expect(set.json()).toMatchObject({ sl: '1.09500', tp: '1.11000' });
    const wrongSide = await call(t, who, 'PATCH', url, { sl: '1.10500' });
    expect(wrongSide.json()).toMatchObject({ code: 'INVALID_STOPS' });
    const removed = await call(t, who, 'PATCH', url, { sl: null });
    expect(removed.json()).toMatchObject({ sl: null, tp: '1.11000' });
  });

  it('a fill whose own SL the same tick breaches is closed at once', async () => {
    const { who, account } = await pending({
      type: 'limit',
      side: 'buy',
      price: '1.09500',
      sl: '1.09400',
    });
    await push(t, ['EURUSD', '1.09300', '1.09330']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const deals = await dealsOf(t, who, account.id);
    expect(deals.map((deal) => [deal.entry, deal.price, deal.reason])).toEqual([
      ['out', '1.09300', 'sl'],
      ['in', '1.09330', 'client'],
    ]);
    await reset();
  });
});

describe('a race between the evaluator and the client', () => {
  it('a stop loss and a client close at once close the position once', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
      sl: '1.09800',
    });
    const [, close] = await Promise.all([
      push(t, ['EURUSD', '1.09700', '1.09730']),
      call(t, who, 'POST', accountUrl(account.id, `/positions/${position.id}/close`), {}),
    ]);
    expect([200, 409]).toContain(close.statusCode);
    const closes = (await dealsOf(t, who, account.id)).filter((deal) => deal.entry === 'out');
    expect(closes).toHaveLength(1);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    await reset();
  });
});

describe('OCO', () => {
  it('when one fills the other is cancelled', async () => {
    const { who, account } = await demoTrader(t);
    const response = await placeOrder(t, who, account.id, {
      oco: true,
      orders: [
        { symbol: 'EURUSD', side: 'buy', type: 'stop', volume: '0.10', price: '1.10200' },
        { symbol: 'EURUSD', side: 'sell', type: 'stop', volume: '0.10', price: '1.09800' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const orders = response.json<{ orders: OrderView[] }>().orders;
    expect(orders[0]?.ocoGroupId).toBeTruthy();
    expect(orders[0]?.ocoGroupId).toBe(orders[1]?.ocoGroupId);
    await push(t, ['EURUSD', '1.10200', '1.10230']);
    const history = await ordersOf(t, who, account.id, 'history');
    expect(Object.fromEntries(history.map((o) => [o.id, o.status]))).toEqual({
      [orders[0]?.id ?? '']: 'filled',
      [orders[1]?.id ?? '']: 'cancelled',
    });
    await reset();
  });

  it('if both trigger on one tick the lower id fills', async () => {
    const { who, account } = await demoTrader(t);
    const response = await placeOrder(t, who, account.id, {
      oco: true,
      orders: [
        { symbol: 'EURUSD', side: 'sell', type: 'limit', volume: '0.10', price: '1.10100' },
        { symbol: 'EURUSD', side: 'buy', type: 'stop', volume: '0.10', price: '1.10100' },
      ],
    });
    const [first, second] = response.json<{ orders: OrderView[] }>().orders;
    await push(t, ['EURUSD', '1.10200', '1.10230']);
    const history = await ordersOf(t, who, account.id, 'history');
    expect(history.find((o) => o.id === first?.id)?.status).toBe('filled');
    expect(history.find((o) => o.id === second?.id)?.status).toBe('cancelled');
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
    await reset();
  });

  it('both are refused if either is invalid; a cancel leaves the other active, unlinked', async () => {
    const { who, account } = await demoTrader(t);
    const bad = await placeOrder(t, who, account.id, {
      oco: true,
      orders: [
        { symbol: 'EURUSD', side: 'buy', type: 'stop', volume: '0.10', price: '1.10200' },
        { symbol: 'EURUSD', side: 'sell', type: 'stop', volume: '0.10', price: '1.10200' },
      ],
    });
    expect(bad.json()).toMatchObject({ code: 'INVALID_PRICE' });
    expect(await ordersOf(t, who, account.id)).toEqual([]);
    const good = await placeOrder(t, who, account.id, {
      oco: true,
      orders: [
        { symbol: 'EURUSD', side: 'buy', type: 'stop', volume: '0.10', price: '1.10200' },
        { symbol: 'EURUSD', side: 'sell', type: 'stop', volume: '0.10', price: '1.09800' },
      ],
    });
    const [a, b] = good.json<{ orders: OrderView[] }>().orders;
    const cancelled = await call(t, who, 'DELETE', accountUrl(account.id, `/orders/${a?.id}`));
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const left = await ordersOf(t, who, account.id);
    expect(left).toMatchObject([{ id: b?.id, status: 'pending', ocoGroupId: null }]);
  });
});

describe('margin at the trigger', () => {
  it('an order whose margin no longer fits is rejected (INSUFFICIENT_MARGIN)', async () => {
    // 10 lots at 1.09500 need $5,475: it fits the $10,000 account when placed.
    const { who, account, order } = await pending({
      type: 'limit',
      side: 'buy',
      price: '1.09500',
      volume: '10.00',
    });
    // Then 8 lots bought at 1.10015 ($4,401 of margin) lose $4,360 by the time it triggers.
    await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '8.00' });
    await push(t, ['EURUSD', '1.09470', '1.09500']);
    const history = await ordersOf(t, who, account.id, 'history');
    expect(history.find((o) => o.id === order.id)).toMatchObject({
      id: order.id,
      status: 'rejected',
      rejectCode: 'INSUFFICIENT_MARGIN',
    });
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
    await reset();
  });
});

describe('time in force', () => {
  it('GTD expires at its time and never triggers on a tick at or after it', async () => {
    const now = t.hub.now();
    const expiresAt = new Date(now + 60_000).toISOString();
    const { who, account, order } = await pending({
      type: 'limit',
      side: 'buy',
      price: '1.09900',
      timeInForce: 'GTD',
      expiresAt,
    });
    expect(order.expiresAt).toBe(expiresAt);
    await t.prices.push([{ symbol: 'EURUSD', bid: '1.09800', ask: '1.09830', time: expiresAt }]);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    await t.prices.advanceTo(expiresAt);
    const [expired] = await ordersOf(t, who, account.id, 'history');
    expect(expired).toMatchObject({ id: order.id, status: 'expired' });
    await reset();
  });

  it('DAY lasts until the first 21:00 UTC rollover after placement', async () => {
    const { order } = await pending({
      type: 'limit',
      side: 'buy',
      price: '1.09900',
      timeInForce: 'DAY',
    });
    const day = new Date(t.hub.now()).toISOString().slice(0, 10);
    expect(order.expiresAt).toBe(`${day}T21:00:00.000Z`);
  });
});

describe('an evaluator behind the log never uses a tick from before the client acted', () => {
  /**
   * Moves the cursor back to just before `seq`, as after a crash before the cursor was saved
   * (or an evaluator still behind), and lets the evaluator catch up from there.
   */
  async function replayFrom(seq: number) {
    await t.services.trading.evaluator.idle();
    await t.database.db
      .update(tradingEvaluatorCursor)
      .set({ lastSeq: seq - 1 })
      .where(eq(tradingEvaluatorCursor.id, 1));
    await t.services.trading.evaluator.catchUp();
  }

  it('a pending order is not filled at a price logged before it was placed', async () => {
    const { who, account } = await demoTrader(t);
    // The ask dips to 1.09890, then is back at 1.10015 when the client places a buy limit at
    // 1.09900: the dip happened before the order existed.
    await push(t, ['EURUSD', '1.09860', '1.09890']);
    const dip = t.hub.latest('EURUSD')?.seq ?? 0;
    await reset();
    const response = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      price: '1.09900',
      volume: '0.10',
    });
    expect(response.statusCode, response.body).toBe(201);
    await replayFrom(dip);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    expect(await ordersOf(t, who, account.id)).toHaveLength(1);
    // A later tick at that price fills it, at that tick's ask.
    await push(t, ['EURUSD', '1.09860', '1.09890']);
    expect((await positionsOf(t, who, account.id))[0]?.openPrice).toBe('1.09890');
    await reset();
  });

  it('a stop loss set by the client does not act on a tick logged before it was set', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    await push(t, ['EURUSD', '1.09860', '1.09890']);
    const dip = t.hub.latest('EURUSD')?.seq ?? 0;
    await reset();
    const modified = await call(
      t,
      who,
      'PATCH',
      accountUrl(account.id, `/positions/${position.id}`),
      {
        sl: '1.09870',
      },
    );
    expect(modified.statusCode, modified.body).toBe(200);
    await replayFrom(dip);
    expect(await positionsOf(t, who, account.id)).toMatchObject([
      { id: position.id, sl: '1.09870' },
    ]);
    await push(t, ['EURUSD', '1.09860', '1.09890']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const [close] = await dealsOf(t, who, account.id);
    expect(close).toMatchObject({ positionId: position.id, price: '1.09860', reason: 'sl' });
    await reset();
  });
});
