// Daily swaps (§11.13): at each Monday–Friday 21:00 UTC rollover every open position is charged
// or credited once, ×3 on Wednesday and rounded after the multiplier (worked example 7), nothing
// on Saturday or Sunday; live accounts through `swap` transfers, demo accounts on their stored
// balance; a rollover posted late charges the volume held at the time; a repeat posts nothing.
// On PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerTransfers, tradingSwaps } from '../../db/schema.js';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  closePosition,
  demoTrader,
  getAccount,
  liveTrader,
  marketOrder,
  positionsOf,
  pushMajors,
  quote,
} from '../../test/trading-fixtures.js';
import { checkLedger } from '../ledger/index.js';

// TEST_START_TIME is Monday 2026-03-02 08:00 UTC.
const MONDAY_ROLLOVER = '2026-03-02T21:00:00.000Z';
const TUESDAY_ROLLOVER = '2026-03-03T21:00:00.000Z';
const WEDNESDAY_ROLLOVER = '2026-03-04T21:00:00.000Z';
const SUNDAY_NIGHT = '2026-03-08T22:00:00.000Z';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ startTime: TEST_START_TIME });
  await pushMajors(t);
});

afterEach(async () => {
  await t.close();
});

async function swapsOf(positionId: string) {
  const rows = await t.database.db
    .select()
    .from(tradingSwaps)
    .where(eq(tradingSwaps.positionId, Number(positionId)))
    .orderBy(tradingSwaps.rolloverAt);
  return rows.map((row) => ({
    day: row.rolloverAt.toISOString().slice(0, 10),
    multiplier: row.multiplier,
    amountMinor: row.amountMinor,
    key: row.key,
  }));
}

describe('swaps at the rollover', () => {
  it('charges every night Monday to Friday, three times on Wednesday (worked example 7), never at the weekend', async () => {
    const { who, account } = await liveTrader(t, 1_000_000);
    const euro = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    const yen = await marketOrder(t, who, account.id, {
      symbol: 'USDJPY',
      side: 'sell',
      volume: '0.50',
    });
    const before = (await getAccount(t, who, account.id)).balanceMinor;

    // One millisecond before the rollover: nothing yet.
    await t.prices.advanceTo('2026-03-02T20:59:59.999Z');
    expect(await swapsOf(euro.id)).toEqual([]);

    // Monday ×1: EUR/USD long −5.00 points on 1.00 lot = −500 ¢; USD/JPY short −5.00 on 0.50
    // lot at mid 150.000 = R½(−166.67) = −167 ¢.
    await t.prices.advanceTo(MONDAY_ROLLOVER);
    expect(await swapsOf(euro.id)).toMatchObject([{ day: '2026-03-02', amountMinor: -500 }]);
    expect(await swapsOf(yen.id)).toMatchObject([{ day: '2026-03-02', amountMinor: -167 }]);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(before - 667);

    // Tuesday ×1, Wednesday ×3: −1,500 ¢ and −500 ¢ (not 3 × −167).
    await t.prices.advanceTo(WEDNESDAY_ROLLOVER);
    expect(await swapsOf(euro.id)).toMatchObject([
      { day: '2026-03-02', multiplier: 1, amountMinor: -500 },
      { day: '2026-03-03', multiplier: 1, amountMinor: -500 },
      { day: '2026-03-04', multiplier: 3, amountMinor: -1_500 },
    ]);
    expect((await swapsOf(yen.id)).map((s) => s.amountMinor)).toEqual([-167, -167, -500]);

    // Thursday and Friday ×1; Saturday and Sunday nothing.
    await t.prices.advanceTo(SUNDAY_NIGHT);
    expect((await swapsOf(euro.id)).map((s) => s.day)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    const euroTotal = -500 * 2 - 1_500 - 500 * 2;
    const yenTotal = -167 * 2 - 500 - 167 * 2;
    const positions = await positionsOf(t, who, account.id);
    expect(positions.find((p) => p.id === euro.id)?.swapMinor).toBe(euroTotal);
    expect(positions.find((p) => p.id === yen.id)?.swapMinor).toBe(yenTotal);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(before + euroTotal + yenTotal);

    // Live: one `swap` transfer per posting, keyed swap:<positionId>:<date>, to platform:swaps.
    const transfers = await t.database.db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'swap'));
    expect(transfers.map((row) => row.key).sort()).toEqual(
      [...(await swapsOf(euro.id)), ...(await swapsOf(yen.id))].map((s) => s.key).sort(),
    );
    expect(transfers).toHaveLength(10);
    expect(await checkLedger(t.database.db)).toEqual([]);

    // ledger:check notices a swap whose transfer does not match it.
    await t.database.db.execute(
      sql`update trading_swaps set amount_minor = amount_minor - 1 where id = (select min(id) from trading_swaps)`,
    );
    expect((await checkLedger(t.database.db)).map((breach) => breach.message)).toEqual([
      expect.stringMatching(/^swap swap:\d+:2026-03-02: swap transfer differs from the swap$/),
    ]);
  });

  it('posts nothing twice when the rollovers are posted again (a crash before the cursor moved)', async () => {
    const { who, account } = await liveTrader(t, 1_000_000);
    const euro = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    await t.prices.advanceTo(WEDNESDAY_ROLLOVER);
    const balance = (await getAccount(t, who, account.id)).balanceMinor;
    await t.database.db.execute(
      sql`update trading_evaluator_cursor set swaps_through = ${'2026-03-01T21:00:00.000Z'}`,
    );
    await t.prices.advanceTo('2026-03-04T21:00:01.000Z');
    expect(await swapsOf(euro.id)).toHaveLength(3);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(balance);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('charges a demo account on its stored balance', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '2.00',
    });
    const before = (await getAccount(t, who, account.id)).balanceMinor;
    await t.prices.advanceTo(MONDAY_ROLLOVER);
    // Short −5.00 points on 2.00 lots: −1,000 ¢.
    expect(await swapsOf(position.id)).toMatchObject([{ amountMinor: -1_000 }]);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(before - 1_000);
  });

  it('posted late, charges the volume held at the rollover: not a position opened after it, and one closed after it in part or in full', async () => {
    const { who, account } = await demoTrader(t);
    const kept = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    const closed = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.50',
    });
    // Tuesday morning's prices arrive before the clock has run past Monday's rollover.
    await t.prices.push([
      quote(t, 'EURUSD', '1.09985', '1.10015', '2026-03-03T08:00:00.000Z'),
      quote(t, 'GBPUSD', '1.26985', '1.27015', '2026-03-03T08:00:00.001Z'),
      quote(t, 'USDJPY', '149.985', '150.015', '2026-03-03T08:00:00.002Z'),
    ]);
    await closePosition(t, who, account.id, kept.id, '0.40');
    await closePosition(t, who, account.id, closed.id);
    const late = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
    });
    await t.prices.advanceTo(TUESDAY_ROLLOVER);
    // Monday: 1.00 lot (0.60 now + 0.40 closed after) = −500 ¢; 0.50 lot = −250 ¢.
    expect(await swapsOf(kept.id)).toMatchObject([
      { day: '2026-03-02', amountMinor: -500 },
      { day: '2026-03-03', amountMinor: -300 },
    ]);
    expect(await swapsOf(closed.id)).toMatchObject([{ day: '2026-03-02', amountMinor: -250 }]);
    // Opened on Tuesday: Tuesday's rollover only.
    expect(await swapsOf(late.id)).toMatchObject([{ day: '2026-03-03', amountMinor: -500 }]);
  });
});
