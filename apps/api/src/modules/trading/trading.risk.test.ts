// The risk rules (§11.12): margin call at exactly 100 %, stop-out at exactly 20 %, the largest
// loss closed first (worked example 5), a gap through the stop-out level that would leave the
// balance negative and the protection that follows (example 6), one e-mail per episode and
// per sequence, on PGlite and PostgreSQL.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tradingAccounts, tradingProtections } from '../../db/schema.js';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  dealsOf,
  demoTrader,
  getAccount,
  liveTrader,
  marketOrder,
  placeOrder,
  positionsOf,
  push,
  pushMajors,
  quote,
} from '../../test/trading-fixtures.js';
import type { Trader } from '../../test/trading-fixtures.js';
import { mailTextsTo } from '../../test/mail-fixtures.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ startTime: TEST_START_TIME });
  await pushMajors(t);
});

afterAll(async () => {
  await t.close();
});

/** The e-mails a client was sent by template (the outbox rows queued for them). */
async function mailsTo(who: Trader, template: 'margin-call' | 'stop-out') {
  return t.database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.clientId, who.id), eq(mailOutbox.template, template)));
}

async function riskState(accountId: string) {
  const [row] = await t.database.db
    .select({
      since: tradingAccounts.marginCallSince,
      episodes: tradingAccounts.marginCallEpisodes,
      stopOuts: tradingAccounts.stopOutSequences,
    })
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, accountId));
  return row;
}

/**
 * A live account holding `balanceMinor` with 1.00 lot EUR/USD bought at 1.10020: its margin is
 * ⌈100 × 100,000 × 110020 / (10^5 × 200)⌉ = 55,010 ¢, and each point of the bid moves equity
 * by 100 ¢.
 */
async function longEurUsd(balanceMinor: number) {
  await push(t, ['EURUSD', '1.09990', '1.10020']);
  const trader = await liveTrader(t, balanceMinor);
  const position = await marketOrder(t, trader.who, trader.account.id, {
    symbol: 'EURUSD',
    side: 'buy',
    volume: '1.00',
  });
  expect(position.marginMinor).toBe(55_010);
  return { ...trader, position };
}

describe('margin call (equity ≤ used margin)', () => {
  it('starts at exactly 100 %, mails once per episode, refuses orders that add margin', async () => {
    // Balance 600.10: equity = 60,010 + 100 × (bid − 110020) ¢; at bid 1.09970 it is 55,010.
    const { who, account } = await longEurUsd(60_010);
    await push(t, ['EURUSD', '1.09971', '1.10001']);
    expect((await getAccount(t, who, account.id)).marginCall).toBe(false);
    expect((await riskState(account.id))?.since).toBeNull();

    await push(t, ['EURUSD', '1.09970', '1.10000']);
    const inCall = await getAccount(t, who, account.id);
    expect(inCall).toMatchObject({ equityMinor: 55_010, usedMarginMinor: 55_010 });
    expect(inCall.marginLevel).toBe('100.00');
    expect(inCall.marginCall).toBe(true);
    expect(await riskState(account.id)).toMatchObject({ episodes: 1 });
    expect((await riskState(account.id))?.since).not.toBeNull();
    const mails = await mailsTo(who, 'margin-call');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Margin call on your Live trading account');
    expect((await mailTextsTo(t, who.email)).join('\n')).toContain('its margin level is 100.00%');

    // Further down, still the same episode: no second e-mail.
    await push(t, ['EURUSD', '1.09900', '1.09930']);
    expect(await mailsTo(who, 'margin-call')).toHaveLength(1);
    const more = await placeOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'market',
      volume: '0.01',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json<{ code: string }>().code).toBe('INSUFFICIENT_MARGIN');

    // Back above 100 % ends the episode; the next fall is a new one, with its own e-mail.
    await push(t, ['EURUSD', '1.10000', '1.10030']);
    expect((await riskState(account.id))?.since).toBeNull();
    await push(t, ['EURUSD', '1.09950', '1.09980']);
    expect(await riskState(account.id)).toMatchObject({ episodes: 2 });
    expect(await mailsTo(who, 'margin-call')).toHaveLength(2);
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });
});

describe('stop-out (5 × equity ≤ used margin)', () => {
  it('closes at exactly 20 % and not one point above', async () => {
    // Balance 600.02: at bid 1.09530 equity is 11,002 ¢ and 5 × 11,002 = 55,010 = used.
    const { who, account, position } = await longEurUsd(60_002);
    await push(t, ['EURUSD', '1.09531', '1.09561']);
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
    expect((await getAccount(t, who, account.id)).marginLevel).toBe('20.18');

    await push(t, ['EURUSD', '1.09530', '1.09560']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const [closed] = await dealsOf(t, who, account.id);
    expect(closed).toMatchObject({
      positionId: position.id,
      reason: 'stop_out',
      price: '1.09530',
      pnlMinor: -49_000,
    });
    const after = await getAccount(t, who, account.id);
    expect(after).toMatchObject({ balanceMinor: 11_002, marginCall: false, usedMarginMinor: 0 });
    expect(await riskState(account.id)).toMatchObject({ stopOuts: 1, since: null });
    expect(await mailsTo(who, 'stop-out')).toHaveLength(1);
    const mailed = (await mailTextsTo(t, who.email)).join('\n');
    expect(mailed).toContain('Buy 1.00 EURUSD: −$490.00');
    expect(mailed).toContain('Balance after the closes: $110.02.');
    expect(await checkLedger(t.database.db)).toEqual([]);
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });

  it('acts at the tick inside a batch that reaches 20 %, though a later one recovers', async () => {
    const { who, account, position } = await longEurUsd(60_002);
    const at = (ms: number) => new Date(t.hub.now() + ms).toISOString();
    await t.prices.push([
      quote(t, 'EURUSD', '1.09600', '1.09630', at(1)),
      quote(t, 'EURUSD', '1.09530', '1.09560', at(2)),
      quote(t, 'EURUSD', '1.09985', '1.10015', at(3)),
    ]);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const [closed] = await dealsOf(t, who, account.id);
    expect(closed).toMatchObject({ positionId: position.id, reason: 'stop_out', price: '1.09530' });
  });

  it('closes the largest loss first and stops above 20 % (worked example 5)', async () => {
    await pushMajors(t);
    const { who, account } = await liveTrader(t, 100_000);
    const a = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    const b = await marketOrder(t, who, account.id, {
      symbol: 'GBPUSD',
      side: 'buy',
      volume: '0.50',
    });
    expect([a.marginMinor, b.marginMinor]).toEqual([55_008, 31_754]);

    // B −15,000 ¢ (and A −3,000 ¢ of spread): equity 82,000 ≤ 86,762, a margin call.
    await push(t, ['GBPUSD', '1.26715', '1.26745']);
    expect((await getAccount(t, who, account.id)).marginCall).toBe(true);
    // A −68,000 ¢: equity 17,000 ¢, level 19.59 %: A, the largest loss, closes.
    await push(t, ['EURUSD', '1.09335', '1.09365']);
    const open = await positionsOf(t, who, account.id);
    expect(open.map((position) => position.id)).toEqual([b.id]);
    const [stopOut] = await dealsOf(t, who, account.id);
    expect(stopOut).toMatchObject({ positionId: a.id, reason: 'stop_out', pnlMinor: -68_000 });
    // Equity 32,000 − 15,000 = 17,000 against 31,754 used: 53.53 %, still a margin call.
    expect(await getAccount(t, who, account.id)).toMatchObject({
      balanceMinor: 32_000,
      equityMinor: 17_000,
      marginLevel: '53.53',
      marginCall: true,
    });
    expect(await mailsTo(who, 'margin-call')).toHaveLength(1);
    expect(await mailsTo(who, 'stop-out')).toHaveLength(1);

    // Example 6: GBP/USD gaps to 1.19015. B = −400,000 ¢, equity −368,000 ¢: B closes and the
    // flat account's −368,000 ¢ is credited by negative balance protection.
    await push(t, ['GBPUSD', '1.19015', '1.19045']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const [gap] = await dealsOf(t, who, account.id);
    expect(gap).toMatchObject({ positionId: b.id, reason: 'stop_out', pnlMinor: -400_000 });
    expect(await getAccount(t, who, account.id)).toMatchObject({
      balanceMinor: 0,
      marginCall: false,
    });
    const protections = await t.database.db
      .select()
      .from(tradingProtections)
      .where(eq(tradingProtections.accountId, account.id));
    expect(protections).toMatchObject([{ key: `nbp:close:${b.id}`, amountMinor: 368_000 }]);
    expect(protections[0]?.transferId).not.toBeNull();
    // The client sees it in the account's history.
    const listed = await call(t, who, 'GET', accountUrl(account.id, '/protections'));
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject([{ amountMinor: 368_000 }]);
    const mails = await mailsTo(who, 'stop-out');
    expect(mails).toHaveLength(2);
    expect((await mailTextsTo(t, who.email)).join('\n')).toContain('credited $3,680.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
    await pushMajors(t);
  });

  it('protects a demo account too, straight to its stored balance', async () => {
    await pushMajors(t);
    const { who, account } = await demoTrader(t);
    // 15.00 lots on $10,000.00: margin 825,113 ¢; a gap to 1.00000 loses 15,022,500 ¢.
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '15.00',
    });
    await push(t, ['EURUSD', '1.00000', '1.00030']);
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const [gap] = await dealsOf(t, who, account.id);
    expect(gap).toMatchObject({
      positionId: position.id,
      reason: 'stop_out',
      pnlMinor: -15_022_500,
    });
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(0);
    const [protection] = await t.database.db
      .select()
      .from(tradingProtections)
      .where(eq(tradingProtections.accountId, account.id));
    expect(protection).toMatchObject({ amountMinor: 14_022_500, transferId: null });
    expect(await checkLedger(t.database.db)).toEqual([]);
    await pushMajors(t);
  });

  it('handles every account one gap brings to a rule in one batch, each as alone', async () => {
    // 1.00 lot bought at 1.10020 loses 552,000 ¢ at bid 1.04500 (margin 55,010 ¢).
    const margin = await longEurUsd(600_000); // equity 48,000 ¢: level 87.25 %, a margin call
    const left = await longEurUsd(560_000); // equity 8,000 ¢: stopped out, $80.00 left
    const lost = await longEurUsd(100_000); // equity −452,000 ¢: stopped out and protected
    const calm = await longEurUsd(700_000); // equity 148,000 ¢: untouched
    const demo = await demoTrader(t);
    const demoPosition = await marketOrder(t, demo.who, demo.account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '15.00',
    });
    await push(t, ['EURUSD', '1.04500', '1.04530']);

    expect(await positionsOf(t, margin.who, margin.account.id)).toHaveLength(1);
    expect(await riskState(margin.account.id)).toMatchObject({ episodes: 1, stopOuts: 0 });
    expect(await getAccount(t, margin.who, margin.account.id)).toMatchObject({
      equityMinor: 48_000,
      marginLevel: '87.25',
    });
    expect(await positionsOf(t, left.who, left.account.id)).toEqual([]);
    expect(await dealsOf(t, left.who, left.account.id)).toMatchObject([
      { positionId: left.position.id, reason: 'stop_out', pnlMinor: -552_000 },
      { reason: 'client' },
    ]);
    expect((await getAccount(t, left.who, left.account.id)).balanceMinor).toBe(8_000);
    expect(await positionsOf(t, lost.who, lost.account.id)).toEqual([]);
    expect((await getAccount(t, lost.who, lost.account.id)).balanceMinor).toBe(0);
    expect(await positionsOf(t, calm.who, calm.account.id)).toHaveLength(1);
    expect(await riskState(calm.account.id)).toMatchObject({ episodes: 0, stopOuts: 0 });
    const [demoClose] = await dealsOf(t, demo.who, demo.account.id);
    expect(demoClose).toMatchObject({ positionId: demoPosition.id, reason: 'stop_out' });
    expect((await getAccount(t, demo.who, demo.account.id)).balanceMinor).toBe(0);

    const protections = await t.database.db
      .select()
      .from(tradingProtections)
      .where(inArray(tradingProtections.accountId, [lost.account.id, demo.account.id]));
    expect(protections.map((p) => [p.key, p.amountMinor, p.transferId === null]).sort()).toEqual(
      [
        [`nbp:close:${lost.position.id}`, 452_000, false],
        [`nbp:close:${demoPosition.id}`, -(1_000_000 + (demoClose?.pnlMinor ?? 0)), true],
      ].sort(),
    );
    for (const who of [left.who, lost.who, demo.who]) {
      expect(await mailsTo(who, 'stop-out')).toHaveLength(1);
    }
    expect(await mailsTo(margin.who, 'margin-call')).toHaveLength(1);
    expect(await mailsTo(calm.who, 'margin-call')).toHaveLength(0);
    expect((await mailTextsTo(t, lost.who.email)).join('\n')).toContain('credited $4,520.00');
    // Each P/L and protection its own transfer; the platform's totals moved by their sum.
    expect(await checkLedger(t.database.db)).toEqual([]);
    await pushMajors(t);
  });
});
