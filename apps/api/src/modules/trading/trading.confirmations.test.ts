// Trade confirmations (decision 137): off by default; once the client turns them on, exactly one
// e-mail per fill and per close (client, part, stop loss, take profit, the desk, a stop-out) with
// the deal's figures, none for a refused order, and none twice for a replayed request or a
// re-evaluated tick. On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tradingEvaluatorCursor } from '../../db/schema.js';
import { mailTextsTo } from '../../test/mail-fixtures.js';
import { staffCaller } from '../../test/money-fixtures.js';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  closePosition,
  dealsOf,
  demoTrader,
  liveTrader,
  marketOrder,
  placeOrder,
  positionsOf,
  push,
  pushMajors,
} from '../../test/trading-fixtures.js';
import type { DealView, Trader } from '../../test/trading-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' }, startTime: TEST_START_TIME });
  await pushMajors(t);
});

afterAll(async () => {
  await t.close();
});

const majors = () => pushMajors(t);

async function turnOn(who: Trader, on = true): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/account/preferences',
    headers: who.headers,
    payload: { tradeConfirmations: on },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The subjects of the confirmations queued for a client, sorted (outbox ids are random). */
async function confirmations(who: Trader): Promise<string[]> {
  const rows = await t.database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.clientId, who.id), eq(mailOutbox.template, 'trade-confirmation')));
  return rows.map((row) => row.subject).sort();
}

/** The plain text of the confirmation of one deal (queued, or sent to the dev outbox). */
async function confirmationOf(who: Trader, deal: DealView): Promise<string> {
  const texts = (await mailTextsTo(t, who.email)).filter((text) =>
    text.includes(`\nDeal: ${deal.id}\n`),
  );
  expect(new Set(texts).size, `confirmations of deal ${deal.id}`).toBe(1);
  return texts[0] ?? '';
}

/** "2026-03-02 08:00:01.000 UTC" from the API's ISO time. */
function utc(deal: DealView): string {
  const iso = (deal as DealView & { time: string }).time;
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} UTC`;
}

async function dealOf(who: Trader, accountId: string, entry: 'in' | 'out'): Promise<DealView> {
  const deal = (await dealsOf(t, who, accountId)).find((found) => found.entry === entry);
  if (!deal) throw new Error(`no ${entry} deal`);
  return deal;
}

/** Moves the evaluator's cursor back before `seq` and lets it evaluate those ticks again. */
async function reevaluateFrom(seq: number): Promise<void> {
  await t.services.trading.evaluator.idle();
  await t.database.db
    .update(tradingEvaluatorCursor)
    .set({ lastSeq: seq - 1 })
    .where(eq(tradingEvaluatorCursor.id, 1));
  await t.services.trading.evaluator.catchUp();
}

describe('trade confirmations', () => {
  it('are off by default: a fill and a close mail nothing', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    expect((await closePosition(t, who, account.id, position.id)).statusCode).toBe(200);
    expect(await dealsOf(t, who, account.id)).toHaveLength(2);
    expect(await confirmations(who)).toEqual([]);
  });

  it('confirm a market fill and the client’s close once each, with the figures', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    await turnOn(who);
    const orderKey = randomUUID();
    const order = { symbol: 'EURUSD', side: 'buy', type: 'market', volume: '0.10' };
    const filled = await placeOrder(t, who, account.id, order, orderKey);
    expect(filled.statusCode, filled.body).toBe(201);
    const fill = await dealOf(who, account.id, 'in');
    expect(await confirmations(who)).toEqual([
      `Opened: Buy 0.10 EURUSD at 1.10015 (Live, deal ${fill.id})`,
    ]);
    const opened = await confirmationOf(who, fill);
    for (const line of [
      'A position opened on your Live trading account:',
      'Account: Live',
      'Symbol: EURUSD',
      'Side: Buy',
      'Volume: 0.10 lots',
      'Price: 1.10015',
      `Time: ${utc(fill)}`,
      'Simulated prices. The platform is the counterparty of every trade.',
    ]) {
      expect(opened).toContain(line);
    }
    expect(opened).not.toContain('Realised P/L');

    // The same request again (same key) answers as before and mails nothing more.
    const replayed = await placeOrder(t, who, account.id, order, orderKey);
    expect(replayed.json()).toEqual(filled.json());
    expect(await confirmations(who)).toHaveLength(1);

    // +10 points at the bid: 0.10 lot closes for +$1.00.
    await push(t, ['EURUSD', '1.10025', '1.10055']);
    const positionId = filled.json<{ position: { id: string } }>().position.id;
    const closeKey = randomUUID();
    const closed = await closePosition(t, who, account.id, positionId, undefined, closeKey);
    expect(closed.statusCode, closed.body).toBe(200);
    const close = await dealOf(who, account.id, 'out');
    const text = await confirmationOf(who, close);
    for (const line of [
      'A position on your Live trading account was closed (Closed by you):',
      'Position side: Buy',
      'Volume: 0.10 lots',
      'Price: 1.10025',
      `Time: ${utc(close)}`,
      'Realised P/L: $1.00',
      'Reason: Closed by you',
      'Simulated prices.',
    ]) {
      expect(text).toContain(line);
    }
    const again = await closePosition(t, who, account.id, positionId, undefined, closeKey);
    expect(again.json()).toEqual(closed.json());
    expect(await confirmations(who)).toEqual([
      `Closed: Buy 0.10 EURUSD at 1.10025 (Live, deal ${close.id})`,
      `Opened: Buy 0.10 EURUSD at 1.10015 (Live, deal ${fill.id})`,
    ]);
    await majors();
  });

  it('confirm a part close with the part’s volume and a loss with a minus sign', async () => {
    const { who, account } = await demoTrader(t);
    await turnOn(who);
    // Sold at the bid 1.26985, bought back at the ask 1.27015: −30 points on 0.10 lot, −$3.00.
    const position = await marketOrder(t, who, account.id, {
      symbol: 'GBPUSD',
      side: 'sell',
      volume: '0.30',
    });
    const part = await closePosition(t, who, account.id, position.id, '0.10');
    expect(part.statusCode, part.body).toBe(200);
    const close = await dealOf(who, account.id, 'out');
    const text = await confirmationOf(who, close);
    expect(text).toContain('Account: Demo');
    expect(text).toContain('Position side: Sell');
    expect(text).toContain('Volume: 0.10 lots');
    expect(text).toContain('Price: 1.27015');
    expect(text).toContain('Realised P/L: −$3.00');
    expect(await confirmations(who)).toHaveLength(2);
  });

  it('confirm a pending order’s fill and its stop loss once, even when the ticks are evaluated again', async () => {
    const { who, account } = await demoTrader(t);
    await turnOn(who);
    const placed = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      price: '1.09900',
      volume: '0.20',
      sl: '1.09500',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await confirmations(who)).toEqual([]); // placed, not filled

    await push(t, ['EURUSD', '1.09860', '1.09890']);
    const fillSeq = t.hub.latest('EURUSD')?.seq ?? 0;
    const fill = await dealOf(who, account.id, 'in');
    expect(fill.price).toBe('1.09890');
    expect(await confirmationOf(who, fill)).toContain('Price: 1.09890');

    await push(t, ['EURUSD', '1.09490', '1.09520']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const close = await dealOf(who, account.id, 'out');
    const text = await confirmationOf(who, close);
    expect(text).toContain('Reason: Stop loss');
    expect(text).toContain('Price: 1.09490');
    // 40 points on 0.20 lot (20,000 EUR): −$80.00.
    expect(text).toContain('Realised P/L: −$80.00');

    await reevaluateFrom(fillSeq);
    expect(await dealsOf(t, who, account.id)).toHaveLength(2);
    expect(await confirmations(who)).toHaveLength(2);
    await majors();
  });

  it('confirm a take profit and a close by the dealing desk with its reason', async () => {
    const { who, account } = await demoTrader(t);
    await turnOn(who);
    const takeProfit = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '0.10',
      tp: '1.09800',
    });
    await push(t, ['EURUSD', '1.09770', '1.09800']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const tp = (await dealsOf(t, who, account.id)).find(
      (deal) => deal.positionId === takeProfit.id && deal.entry === 'out',
    );
    if (!tp) throw new Error('no take-profit deal');
    expect(await confirmationOf(who, tp)).toContain('Reason: Take profit');
    await majors();

    const held = await marketOrder(t, who, account.id, {
      symbol: 'USDJPY',
      side: 'buy',
      volume: '0.10',
    });
    const desk = await staffCaller(t, 'operations');
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/trading/positions/${held.id}/close`,
      headers: { ...desk.headers, 'idempotency-key': randomUUID() },
      payload: { reason: 'Account under review' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const staffDeal = (await dealsOf(t, who, account.id)).find(
      (deal) => deal.positionId === held.id && deal.entry === 'out',
    );
    if (!staffDeal) throw new Error('no staff close');
    const text = await confirmationOf(who, staffDeal);
    expect(text).toContain('Reason: Closed by the dealing desk (“Account under review”)');
    expect(text).toContain('Symbol: USDJPY');
    expect(text).toContain('Price: 149.985');
    expect(await confirmations(who)).toHaveLength(4);
  });

  it('mail nothing for a refused order, a demo reset, or once turned off', async () => {
    const { who, account } = await demoTrader(t);
    await turnOn(who);
    // 50 lots of EUR/USD need about $27,500 of margin; the demo account holds $10,000.
    const refused = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'market',
      volume: '50.00',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_MARGIN' });
    expect(await confirmations(who)).toEqual([]);

    await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '0.10' });
    expect(await confirmations(who)).toHaveLength(1);
    const reset = await call(t, who, 'POST', accountUrl(account.id, '/reset'));
    expect(reset.statusCode, reset.body).toBe(201);
    expect(await confirmations(who)).toHaveLength(1);
    const fresh = reset.json<{ id: string }>();

    await turnOn(who, false);
    await marketOrder(t, who, fresh.id, { symbol: 'EURUSD', side: 'buy', volume: '0.10' });
    expect(await confirmations(who)).toHaveLength(1);
  });

  it('confirm each stop-out deal besides the stop-out notice', async () => {
    // As in trading.risk.test.ts: $600.02 holding 1.00 lot bought at 1.10020 (margin 55,010 ¢)
    // is stopped out when the bid reaches 1.09530 (5 × equity = used margin).
    await push(t, ['EURUSD', '1.09990', '1.10020']);
    const { who, account } = await liveTrader(t, 60_002);
    await turnOn(who);
    await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '1.00' });
    await push(t, ['EURUSD', '1.09530', '1.09560']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const close = await dealOf(who, account.id, 'out');
    expect(close.reason).toBe('stop_out');
    const text = await confirmationOf(who, close);
    expect(text).toContain('Reason: Stop out');
    expect(text).toContain('Volume: 1.00 lots');
    expect(text).toContain('Realised P/L: −$490.00');
    expect(await confirmations(who)).toHaveLength(2);
    const notices = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.clientId, who.id), eq(mailOutbox.template, 'stop-out')));
    expect(notices).toHaveLength(1);
    await majors();
  });
});
