// The dealing desk corrects a deal filled at a bad price (issue 19, decision 136): a close's P/L
// is reversed and posted again through the ledger at the corrected price, an opening deal's
// correction moves its position (open price, margin) and every close of it, the client sees the
// corrected deal with what it was and why, the statement adds up with the correction in it, a
// repeated key corrects nothing twice, and a correction that leaves a flat account below zero
// is met by negative balance protection.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { TEST_START_TIME } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  closePosition,
  dealsOf,
  demoTrader,
  deskApp,
  getAccount,
  liveTrader,
  marketOrder,
  positionsOf,
  push,
  pushMajors,
  staffCall,
} from '../../test/trading-fixtures.js';
import type { Trader } from '../../test/trading-fixtures.js';
import { mailTextsTo } from '../../test/mail-fixtures.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let desk: Caller;

beforeAll(async () => {
  ({ t, desk } = await deskApp());
});

afterAll(async () => {
  await t.close();
});

const REASON = 'Filled on a feed spike of 100 pips; corrected to the market at the time';

function correct(
  dealId: string,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  who = desk,
): Promise<LightMyRequestResponse> {
  return staffCall(t, who, 'POST', `/api/staff/trading/deals/${dealId}/correct`, payload, key);
}

async function closeOf(who: Trader, accountId: string, positionId: string) {
  const closed = await closePosition(t, who, accountId, positionId);
  expect(closed.statusCode, closed.body).toBe(200);
  return closed.json<{ deal: { id: string; price: string; pnlMinor: number } }>().deal;
}

async function correctionTransfers(): Promise<{ key: string; amount: number }[]> {
  const { rows } = (await t.database.db.execute(
    sql`select idempotency_key as key, amount_minor as amount from ledger_transfers
        where idempotency_key like 'correction:%' order by created_at, idempotency_key`,
  )) as unknown as { rows: { key: string; amount: string | number }[] };
  return rows.map((row) => ({ key: row.key, amount: Number(row.amount) }));
}

describe('correcting a close filled at a bad price', () => {
  it('reverses the P/L and posts the corrected one, shows the client why, and audits it', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    // A spike 100 pips down: the client's close fills at the bid 1.09025, 99 pips below the
    // open at the ask 1.10015: −$99.00.
    await push(t, ['EURUSD', '1.09025', '1.09055']);
    const bad = await closeOf(who, account.id, position.id);
    expect(bad).toMatchObject({ price: '1.09025', pnlMinor: -9_900 });
    await pushMajors(t);
    const before = await correctionTransfers();

    const key = randomUUID();
    const response = await correct(bad.id, { price: '1.10025', reason: `  ${REASON}  ` }, key);
    expect(response.statusCode, response.body).toBe(200);
    // 1 pip above the open: +$1.00.
    expect(response.json()).toMatchObject({
      deal: {
        id: bad.id,
        price: '1.10025',
        pnlMinor: 100,
        correction: { originalPrice: '1.09025', originalPnlMinor: -9_900, reason: REASON },
      },
      adjustments: [{ dealId: bad.id, oldPnlMinor: -9_900, newPnlMinor: 100 }],
    });

    // The client: the corrected deal with what it was and why; the balance as if filled right.
    const deal = (await dealsOf(t, who, account.id)).find((row) => row.id === bad.id);
    expect(deal).toMatchObject({
      price: '1.10025',
      pnlMinor: 100,
      correction: { originalPrice: '1.09025', originalPnlMinor: -9_900, reason: REASON },
    });
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(100_100);

    // The ledger: the −$99.00 reversed (+9,900 into the account) and +$1.00 posted.
    const made = (await correctionTransfers()).slice(before.length);
    expect(made.map((row) => row.amount).sort((a, b) => a - b)).toEqual([100, 9_900]);
    expect(made.map((row) => row.key.replace(/^correction:\d+:/, '')).sort()).toEqual([
      `${bad.id}:posting`,
      `${bad.id}:reversal`,
    ]);
    expect(await checkLedger(t.database.db)).toEqual([]);

    // A repeat of the key answers the same and moves nothing.
    const again = await correct(bad.id, { price: '1.10025', reason: `  ${REASON}  ` }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(response.json());
    expect(await correctionTransfers()).toHaveLength(before.length + 2);

    // The client is mailed the correction once, with the old and new figures and the reason.
    const mails = (await mailTextsTo(t, who.email)).filter((text) =>
      text.includes('The dealing desk corrected the price of a deal'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('it was filled at 1.09025 and is now at 1.10025');
    expect(mails[0]).toContain(`Reason: ${REASON}`);
    expect(mails[0]).toContain(`Deal ${bad.id} profit/loss: \u2212$99.00 → $1.00`);
    expect(mails[0]).toContain('Simulated prices.');

    const audit = (await t.database.db.execute(
      sql`select staff_role, before, after from audit_log
          where action = 'trading.deal_correct' and target_id = ${who.id}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      staff_role: 'operations',
      after: {
        dealId: bad.id,
        reason: REASON,
        adjustments: [{ oldPnlMinor: -9_900, newPnlMinor: 100 }],
      },
    });

    // The statement: the close as it happened, then the correction; it adds up to the balance.
    // The engine's time starts at TEST_START_TIME: a period around it holds everything.
    const start = new Date(TEST_START_TIME).getTime();
    const from = new Date(start - 86_400_000 * 180).toISOString();
    const to = new Date(start + 86_400_000 * 180).toISOString();
    const statement = await call(
      t,
      who,
      'GET',
      accountUrl(account.id, `/statement?from=${from}&to=${to}`),
    );
    expect(statement.statusCode, statement.body).toBe(200);
    const body = statement.json<{
      closingBalanceMinor: number;
      lines: { kind: string; amountMinor: number; description: string }[];
    }>();
    const correction = body.lines.find((line) => line.kind === 'correction');
    expect(correction).toMatchObject({ amountMinor: 10_000 });
    expect(correction?.description).toContain('−$99.00 reversed');
    expect(correction?.description).toContain(REASON);
    expect(body.closingBalanceMinor).toBe(100_100);
  });

  it('recomputes a US dollar/yen close with the conversion rate it was made at', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'USDJPY',
      side: 'buy',
      volume: '0.10',
    });
    const bad = await closeOf(who, account.id, position.id);
    // Opened at the ask 150.015, closed at the bid 149.985. Corrected to 150.115: 0.100 yen on
    // 10,000 dollars is 1,000 yen, at the close's mid 150.000 → $6.67.
    const response = await correct(bad.id, { price: '150.115', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      deal: { price: '150.115', pnlMinor: 667 },
      adjustments: [{ oldPnlMinor: bad.pnlMinor, newPnlMinor: 667 }],
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('protects a flat account a correction leaves below zero', async () => {
    const { who, account } = await liveTrader(t, 5_000);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.01',
    });
    const closed = await closeOf(who, account.id, position.id);
    expect(closed.pnlMinor).toBe(-30);
    // Corrected to 600 pips below the open: −$60.00 on a $50 account, which is left flat at
    // −$10.00 and protected back to zero.
    const response = await correct(closed.id, { price: '1.04015', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deal: { pnlMinor: -6_000 } });
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(0);
    const protections = await call(t, who, 'GET', accountUrl(account.id, '/protections'));
    expect(protections.json()).toEqual([expect.objectContaining({ amountMinor: 1_000 })]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('correcting an opening deal', () => {
  it('moves an open position’s open price and margin; its close then uses the corrected price', async () => {
    const { who, account } = await demoTrader(t);
    await push(t, ['EURUSD', '1.10985', '1.11015']);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    expect(position.openPrice).toBe('1.11015');
    await pushMajors(t);
    const opening = (await dealsOf(t, who, account.id)).find((deal) => deal.entry === 'in');
    if (!opening) throw new Error('no opening deal');
    const response = await correct(opening.id, { price: '1.10015', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      deal: { price: '1.10015', pnlMinor: 0, correction: { originalPrice: '1.11015' } },
      adjustments: [],
    });
    const [moved] = await positionsOf(t, who, account.id);
    // Floating at the bid 1.09985: −3 pips on 1 lot = −$30.00 (was −$103.00 from 1.11015).
    expect(moved).toMatchObject({ openPrice: '1.10015', floatingPnlMinor: -3_000 });
    expect(moved?.marginMinor).toBeLessThan(position.marginMinor);
    const balance = (await getAccount(t, who, account.id)).balanceMinor;
    const closed = await closeOf(who, account.id, position.id);
    expect(closed.pnlMinor).toBe(-3_000);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(balance - 3_000);
  });

  it('recomputes every close of a closed position, on a demo account’s own balance', async () => {
    const { who, account } = await demoTrader(t);
    await push(t, ['EURUSD', '1.10985', '1.11015']);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    await pushMajors(t);
    const part = await closePosition(t, who, account.id, position.id, '0.40');
    expect(part.statusCode, part.body).toBe(200);
    await closeOf(who, account.id, position.id);
    const deals = await dealsOf(t, who, account.id);
    const opening = deals.find((deal) => deal.entry === 'in');
    const closes = deals.filter((deal) => deal.entry === 'out');
    // −103 pips on 0.40 and 0.60 lot: −$412.00 and −$618.00.
    expect(closes.map((deal) => deal.pnlMinor).sort((a, b) => a - b)).toEqual([-61_800, -41_200]);
    const balance = (await getAccount(t, who, account.id)).balanceMinor;

    const response = await correct(opening?.id ?? '', { price: '1.10015', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    const adjustments = response.json<{ adjustments: { newPnlMinor: number }[] }>().adjustments;
    // −3 pips: −$12.00 and −$18.00; the balance gets back $1,000.00.
    expect(adjustments.map((row) => row.newPnlMinor).sort((a, b) => a - b)).toEqual([
      -1_800, -1_200,
    ]);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(balance + 100_000);
    const now = (await dealsOf(t, who, account.id)).filter((deal) => deal.entry === 'out');
    expect(now.every((deal) => deal.correction?.reason === REASON)).toBe(true);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('what the desk cannot do', () => {
  it('answers 404 for no such deal, 400 for the same price or a bad one, 403 for compliance', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '0.10',
    });
    const [opening] = await dealsOf(t, who, account.id);
    if (!opening) throw new Error('no deal');

    const missing = await correct('999999999', { price: '1.10000', reason: REASON });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Deal not found' });
    const notAnId = await correct('abc', { price: '1.10000', reason: REASON });
    expect(notAnId.statusCode).toBe(404);

    const same = await correct(opening.id, { price: opening.price, reason: REASON });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: 'This is already the deal’s price' });
    const digits = await correct(opening.id, { price: '1.100001', reason: REASON });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().message).toMatch(/at most 5 decimals/);
    const noReason = await correct(opening.id, { price: '1.10000', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const noKey = await correct(opening.id, { price: '1.10000', reason: REASON }, null);
    expect(noKey.statusCode).toBe(400);

    const compliance = await staffCaller(t, 'compliance');
    const refused = await correct(
      opening.id,
      { price: '1.10000', reason: REASON },
      randomUUID(),
      compliance,
    );
    expect(refused.statusCode).toBe(403);
    // Nothing moved: the position opened where it did.
    expect((await positionsOf(t, who, account.id))[0]?.openPrice).toBe(position.openPrice);
  });
});
