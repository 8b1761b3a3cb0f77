// The trading statement (issue 19): every balance movement of a period, oldest first, between
// the opening and closing balance, to the cent, for a live account (the ledger's balance) and a
// demo one (the stored balance, with the money it was opened with); a boundary splits movements
// exactly; another client's account is 404; a bad period is 400 with the shared message; the
// CSV's first line, header, rows and headers (its cells: trading-statement.csv.test.ts). Also the nightly swaps list the history shows.
// On PGlite and PostgreSQL.
import { STATEMENT_MESSAGES, TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  accountUrl,
  call,
  closePosition,
  demoTrader,
  getAccount,
  liveTrader,
  marketOrder,
  push,
  pushMajors,
  trader,
} from '../../test/trading-fixtures.js';
import type { Trader } from '../../test/trading-fixtures.js';
import { checkLedger } from '../ledger/index.js';
import type { Statement } from './trading-statement.service.js';

// TEST_START_TIME is Monday 2026-03-02 08:00 UTC. The ledger's clock runs in real time from
// there, so a wallet transfer is dated a few seconds after 08:00; the engine's clock (deals,
// swaps, protections) is moved by the test, and all trading happens from 09:00.
const MONDAY = '2026-03-02T00:00:00.000Z';
const WEDNESDAY_ROLLOVER = '2026-03-04T21:00:00.000Z';
const FRIDAY = '2026-03-06T00:00:00.000Z';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ startTime: TEST_START_TIME });
  await pushMajors(t);
});

afterEach(async () => {
  await t.close();
});

async function statementOf(who: Trader, accountId: string, from: string, to: string) {
  const response = await call(
    t,
    who,
    'GET',
    accountUrl(accountId, `/statement?from=${from}&to=${to}`),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Statement>();
}

/** opening + Σ amountMinor = closing, and each line's balance is the running sum. */
function expectAddsUp(statement: Statement) {
  let balance = statement.openingBalanceMinor;
  for (const line of statement.lines) {
    balance += line.amountMinor;
    expect(line.balanceAfterMinor).toBe(balance);
  }
  expect(statement.closingBalanceMinor).toBe(balance);
}

/** The engine's clock to `time`, then a fresh EUR/USD quote (a stale one closes the market). */
async function at(time: string, bid = '1.09985', ask = '1.10015') {
  await t.prices.advanceTo(time);
  await push(t, ['EURUSD', bid, ask]);
}

/**
 * A live account's week: $1,000.00 in; Monday 0.10 lot EUR/USD long held over three nights
 * (−50, −50, then Wednesday's triple −150 ¢) and closed on Thursday 130 points down (−1,300 ¢);
 * then 1.00 lot long that a 2,915-point gap stops out (−291,500 ¢), leaving the flat account
 * 193,050 ¢ below zero, which negative balance protection credits back.
 */
async function liveWeek() {
  const { who, account } = await liveTrader(t, 100_000);
  await at('2026-03-02T09:00:00.000Z');
  const small = await marketOrder(t, who, account.id, {
    symbol: 'EURUSD',
    side: 'buy',
    volume: '0.10',
  });
  await at('2026-03-05T09:00:00.000Z', '1.09885', '1.09915');
  const closed = await closePosition(t, who, account.id, small.id);
  expect(closed.statusCode, closed.body).toBe(200);
  await at('2026-03-05T10:00:00.000Z', '1.09885', '1.09915');
  await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '1.00' });
  await at('2026-03-05T10:30:00.000Z', '1.07000', '1.07030');
  return { who, account };
}

describe('the statement of a live account', () => {
  it('lists a transfer in, an open, three swaps with Wednesday’s triple, a close at a loss, a stop-out and its protection, to the cent', async () => {
    const { who, account } = await liveWeek();
    const statement = await statementOf(who, account.id, MONDAY, FRIDAY);

    expect(statement.account).toEqual({ id: account.id, kind: 'live' });
    expect(statement.from).toBe(MONDAY);
    expect(statement.to).toBe(FRIDAY);
    expect(statement.priceSource).toBe('manual');
    expect(statement.openingBalanceMinor).toBe(0);
    expect(
      statement.lines.map((line) => [line.kind, line.amountMinor, line.balanceAfterMinor]),
    ).toEqual([
      ['transfer', 100_000, 100_000],
      ['deal', 0, 100_000],
      ['swap', -50, 99_950],
      ['swap', -50, 99_900],
      ['swap', -150, 99_750],
      ['deal', -1_300, 98_450],
      ['deal', 0, 98_450],
      ['deal', -291_500, -193_050],
      ['protection', 193_050, 0],
    ]);
    expect(statement.closingBalanceMinor).toBe(0);
    expectAddsUp(statement);

    const [transfer, open, monday, , wednesday, loss, , stopOut, protection] = statement.lines;
    expect(transfer?.description).toBe('Transfer from your wallet');
    expect(Date.parse(transfer?.time ?? '')).toBeLessThan(Date.parse('2026-03-02T09:00:00Z'));
    expect(open).toMatchObject({
      description: 'Buy 0.10 EUR/USD at 1.10015 · Opened',
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
      price: '1.10015',
    });
    expect(monday).toMatchObject({
      time: '2026-03-02T21:00:00.000Z',
      description: 'Swap · EUR/USD · buy 0.10',
      volume: '0.10',
      price: null,
    });
    expect(wednesday).toMatchObject({
      time: WEDNESDAY_ROLLOVER,
      description: 'Swap · EUR/USD · buy 0.10 · ×3 (Wednesday)',
    });
    expect(loss).toMatchObject({
      description: 'Buy 0.10 EUR/USD at 1.09885 · Closed by you',
      price: '1.09885',
    });
    expect(stopOut?.description).toBe('Buy 1.00 EUR/USD at 1.07000 · Stop out');
    expect(protection).toMatchObject({
      description: TRADING_MESSAGES.negativeBalanceProtection,
      time: stopOut?.time,
      symbol: null,
    });

    // The ledger agrees: the account's posted balance is the closing balance, and every
    // invariant (each swap and protection with its one transfer) holds.
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(statement.closingBalanceMinor);
    const totals = await t.services.ledger.getTradingAccountTotals(t.database.db, who.id);
    expect(totals.balanceMinor).toBe(statement.closingBalanceMinor);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('splits the week at a boundary: the first period ends where the second starts, and a movement at the boundary falls in the second', async () => {
    const { who, account } = await liveWeek();
    const whole = await statementOf(who, account.id, MONDAY, FRIDAY);
    const first = await statementOf(who, account.id, MONDAY, WEDNESDAY_ROLLOVER);
    const second = await statementOf(who, account.id, WEDNESDAY_ROLLOVER, FRIDAY);

    expect(first.lines.map((line) => line.amountMinor)).toEqual([100_000, 0, -50, -50]);
    expect(first.closingBalanceMinor).toBe(99_900);
    // Wednesday's swap is dated exactly at `to`: excluded there, the second period's first line.
    expect(second.openingBalanceMinor).toBe(99_900);
    expect(second.lines[0]).toMatchObject({ time: WEDNESDAY_ROLLOVER, amountMinor: -150 });
    expect(second.closingBalanceMinor).toBe(whole.closingBalanceMinor);
    expect([...first.lines, ...second.lines]).toEqual(whole.lines);
    expectAddsUp(first);
    expectAddsUp(second);

    // A period after everything: nothing moved, the balance stands.
    const later = await statementOf(
      who,
      account.id,
      '2026-03-06T00:00:00.000Z',
      '2026-03-07T00:00:00Z',
    );
    expect(later).toMatchObject({ openingBalanceMinor: 0, closingBalanceMinor: 0, lines: [] });
  });
});

describe('the statement of a demo account', () => {
  it('starts with the money the account opened with and ends at its stored balance', async () => {
    const { who, account } = await demoTrader(t);
    await at('2026-03-02T09:00:00.000Z');
    const short = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '1.00',
    });
    // Tuesday: Monday's swap (short −5.00 points on 1.00 lot = −500 ¢), then a close at ask
    // 1.09915, 70 points under the sale at bid 1.09985: +7,000 ¢.
    await at('2026-03-03T09:00:00.000Z', '1.09885', '1.09915');
    expect((await closePosition(t, who, account.id, short.id)).statusCode).toBe(200);

    const week = await statementOf(who, account.id, MONDAY, FRIDAY);
    expect(week.openingBalanceMinor).toBe(0);
    expect(week.lines.map((line) => [line.kind, line.description, line.amountMinor])).toEqual([
      ['transfer', 'Demo account opened with virtual money', 1_000_000],
      ['deal', 'Sell 1.00 EUR/USD at 1.09985 · Opened', 0],
      ['swap', 'Swap · EUR/USD · sell 1.00', -500],
      ['deal', 'Sell 1.00 EUR/USD at 1.09915 · Closed by you', 7_000],
    ]);
    expect(week.closingBalanceMinor).toBe(1_006_500);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(1_006_500);
    expectAddsUp(week);

    // From Monday noon the opening money is in the opening balance, not a line.
    const fromNoon = await statementOf(who, account.id, '2026-03-02T12:00:00Z', FRIDAY);
    expect(fromNoon.openingBalanceMinor).toBe(1_000_000);
    expect(fromNoon.lines.map((line) => line.amountMinor)).toEqual([-500, 7_000]);
    expect(fromNoon.closingBalanceMinor).toBe(1_006_500);

    // Before the account existed: nothing.
    const before = await statementOf(who, account.id, '2026-02-01T00:00:00Z', MONDAY);
    expect(before).toMatchObject({ openingBalanceMinor: 0, closingBalanceMinor: 0, lines: [] });
  });
});

describe('who may read it, and what it refuses', () => {
  it("answers 404 for another client's account, like a missing one", async () => {
    const { account } = await demoTrader(t);
    const intruder = await trader(t);
    const query = `/statement?from=${MONDAY}&to=${FRIDAY}`;
    const theirs = await call(t, intruder, 'GET', accountUrl(account.id, query));
    const missing = await call(
      t,
      intruder,
      'GET',
      accountUrl('00000000-0000-4000-8000-000000000000', query),
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    // Checked before the query: a bad period on someone else's account is still 404.
    const bad = await call(t, intruder, 'GET', accountUrl(account.id, '/statement?from=x'));
    expect(bad.statusCode).toBe(404);
    const swaps = await call(t, intruder, 'GET', accountUrl(account.id, '/swaps'));
    expect(swaps.statusCode).toBe(404);
  });

  it('answers 400 with the shared message for a missing, malformed, reversed or too long period', async () => {
    const { who, account } = await demoTrader(t);
    const cases: [string, string, string][] = [
      [`to=${FRIDAY}`, 'from', STATEMENT_MESSAGES.fromInvalid],
      [`from=2026-03-02&to=${FRIDAY}`, 'from', STATEMENT_MESSAGES.fromInvalid],
      [`from=${MONDAY}`, 'to', STATEMENT_MESSAGES.toInvalid],
      [`from=${FRIDAY}&to=${MONDAY}`, 'to', STATEMENT_MESSAGES.periodOrder],
      [`from=${MONDAY}&to=${MONDAY}`, 'to', STATEMENT_MESSAGES.periodOrder],
      [`from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:01Z`, 'to', STATEMENT_MESSAGES.periodTooLong],
      [`from=${MONDAY}&to=${FRIDAY}&format=pdf`, 'format', STATEMENT_MESSAGES.formatInvalid],
    ];
    for (const [query, field, message] of cases) {
      const response = await call(t, who, 'GET', accountUrl(account.id, `/statement?${query}`));
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        message,
        code: 'VALIDATION_FAILED',
        fields: { [field]: [message] },
      });
    }
    // 366 days exactly is a year with its leap day: allowed.
    const leapYear = await call(
      t,
      who,
      'GET',
      accountUrl(account.id, '/statement?from=2028-01-01T00:00:00Z&to=2029-01-01T00:00:00Z'),
    );
    expect(leapYear.statusCode).toBe(200);
  });
});

describe('the statement as CSV', () => {
  it('is an attachment: "Simulated prices" first, a header, the opening balance, each line and the closing balance', async () => {
    const { who, account } = await liveWeek();
    const response = await call(
      t,
      who,
      'GET',
      accountUrl(account.id, `/statement?from=${MONDAY}&to=${FRIDAY}&format=csv`),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-live-2026-03-02-2026-03-05.csv"',
    );
    expect(response.body.startsWith('\uFEFFSimulated prices,')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe(''); // every line ends with CRLF
    expect(lines[1]).toBe(
      'Time (UTC),Kind,Description,Instrument,Side,Volume (lots),Price,Amount (USD),Balance (USD)',
    );
    expect(lines[2]).toBe(`${MONDAY},Opening balance,,,,,,,0.00`);
    expect(lines).toContain(
      `${WEDNESDAY_ROLLOVER},Swap,Swap · EUR/USD · buy 0.10 · ×3 (Wednesday),EUR/USD,buy,0.10,,-1.50,997.50`,
    );
    // A negative amount is a number, not text: no apostrophe.
    expect(lines.find((line) => line.includes('Stop out'))).toMatch(
      /,Deal,Buy 1\.00 EUR\/USD at 1\.07000 · Stop out,EUR\/USD,buy,1\.00,1\.07000,-2915\.00,-1930\.50$/,
    );
    expect(lines.at(-2)).toBe(`${FRIDAY},Closing balance,,,,,,,0.00`);
    // Header, opening, 9 lines, closing, after the first line.
    expect(lines).toHaveLength(1 + 1 + 1 + 9 + 1 + 1);
  });
});

describe('the nightly swaps list', () => {
  it('lists each night’s swap newest first, a page at a time', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    await at('2026-03-02T09:00:00.000Z');
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    await t.prices.advanceTo(WEDNESDAY_ROLLOVER);
    const first = await call(t, who, 'GET', accountUrl(account.id, '/swaps?limit=2'));
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{
      swaps: { rolloverAt: string; amountMinor: number; multiplier: number }[];
      nextCursor: string | null;
    }>();
    expect(page.swaps).toMatchObject([
      {
        positionId: position.id,
        symbol: 'EURUSD',
        side: 'buy',
        volume: '0.10',
        rolloverAt: WEDNESDAY_ROLLOVER,
        multiplier: 3,
        amountMinor: -150,
      },
      { rolloverAt: '2026-03-03T21:00:00.000Z', multiplier: 1, amountMinor: -50 },
    ]);
    expect(page.nextCursor).not.toBeNull();
    const rest = await call(
      t,
      who,
      'GET',
      accountUrl(account.id, `/swaps?limit=2&cursor=${page.nextCursor}`),
    );
    expect(rest.json()).toMatchObject({
      swaps: [{ rolloverAt: '2026-03-02T21:00:00.000Z', amountMinor: -50 }],
      nextCursor: null,
    });
    const bad = await call(t, who, 'GET', accountUrl(account.id, '/swaps?cursor=x'));
    expect(bad.statusCode).toBe(400);
  });
});
