// Retention, candle rebuilds and the simulated source run by the hub on a real database (PGlite
// or PostgreSQL), with a clock the test moves: no test waits more than a step (250 ms).
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { manualHub, silentLog } from '../../test/prices-fixtures.js';
import { createTestDatabase } from '../../test/test-app.js';
import { makePriceHub, pruneTicks, readTicksAfter, rebuildCandles } from './index.js';
import type { PriceHub, Tick } from './index.js';
import { selectCandles } from './prices.repo.js';

const HOUR = 3_600_000;
const at = (symbol: string, bid: string, ask: string, time: string) => ({ symbol, bid, ask, time });

describe('tick retention and candle rebuilds', () => {
  let database: Database;
  let hub: PriceHub;
  beforeEach(async () => {
    database = await createTestDatabase();
    hub = manualHub(database);
    await hub.start();
  });
  afterEach(async () => {
    await hub.stop();
    await database.close();
  });

  it('prunes ticks past the retention and below the floor, keeping each symbol’s newest', async () => {
    const old = await hub.manual!.push([
      at('EURUSD', '1.10000', '1.10030', '2026-03-02T08:00:00.000Z'),
      at('GBPUSD', '1.27000', '1.27015', '2026-03-02T08:00:00.000Z'),
      at('EURUSD', '1.10010', '1.10040', '2026-03-02T08:30:00.000Z'),
    ]);
    const recent = await hub.manual!.push([
      at('EURUSD', '1.10020', '1.10050', '2026-03-02T11:00:00.000Z'),
    ]);
    const nowMs = Date.parse('2026-03-02T11:00:00.000Z');
    // Below the engine's cursor only: the second old EURUSD tick is past it and stays.
    const floorSeq = old[2]!.seq;
    expect(await pruneTicks(database.db, { nowMs, retentionHours: 2, floorSeq })).toBe(1);
    let left = (await readTicksAfter(database.db, 0, 10)).map((t) => t.seq);
    expect(left).toEqual([old[1]!.seq, old[2]!.seq, recent[0]!.seq]);
    await pruneTicks(database.db, { nowMs, retentionHours: 2, floorSeq: Number.MAX_SAFE_INTEGER });
    left = (await readTicksAfter(database.db, 0, 10)).map((t) => t.seq);
    // GBP/USD's only tick is its newest: a market quiet for hours keeps its last quote.
    expect(left).toEqual([old[1]!.seq, recent[0]!.seq]);
  });

  it('rebuilds candles from the log exactly as they were built live', async () => {
    await hub.manual!.push([
      at('EURUSD', '1.10000', '1.10030', '2026-03-02T20:58:10.000Z'),
      at('EURUSD', '1.10050', '1.10080', '2026-03-02T20:59:20.000Z'),
      at('XAUUSD', '2000.00', '2000.60', '2026-03-02T20:59:30.000Z'),
    ]);
    await hub.manual!.push([
      at('EURUSD', '1.09950', '1.09980', '2026-03-02T21:00:05.000Z'),
      at('EURUSD', '1.10010', '1.10040', '2026-03-02T21:16:00.000Z'),
    ]);
    const read = async () => {
      const all = [];
      for (const symbol of ['EURUSD', 'XAUUSD'])
        for (const period of ['1m', '5m', '15m', '1h', '1d'])
          all.push(await selectCandles(database.db, { symbol, period, limit: 100 }));
      return all;
    };
    const live = await read();
    expect(live[4]).toHaveLength(2); // EURUSD 1d: trading days 03-02 and 03-03
    await database.db.execute(sql`update candles set high = high + 1000, tick_volume = 99`);
    expect(await read()).not.toEqual(live);
    expect(
      await rebuildCandles(database.db, { fromMs: Date.parse('2026-03-02T08:00:00.000Z') }),
    ).toBe(5);
    expect(await read()).toEqual(live);
  });
});

describe('simulated prices through the hub', () => {
  let database: Database;
  let nowMs = Date.parse('2026-03-02T08:00:00.000Z');
  const clock = { now: () => new Date(nowMs) };
  const hubs: PriceHub[] = [];
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.stop();
    await database.close();
  });

  async function simulatedHub(): Promise<{ hub: PriceHub; batches: Tick[][] }> {
    const hub = makePriceHub({
      db: database.db,
      config: loadConfig({ MARKET_DATA_PROVIDER: 'simulated', MARKET_SEED: '42' }),
      clock,
      log: silentLog,
    });
    hubs.push(hub);
    const batches: Tick[][] = [];
    hub.onTicks((ticks) => void batches.push([...ticks]));
    await hub.start();
    return { hub, batches };
  }

  async function until(check: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  }

  it('steps on the clock, logs every quote it makes, and resumes from the log after a restart', async () => {
    const { hub, batches } = await simulatedHub();
    expect(hub.source).toBe('simulated');
    await until(() => batches.length === 1);
    // The first step quotes every open instrument at its reference.
    expect(batches[0]!.find((t) => t.symbol === 'EURUSD')).toMatchObject({ bid: 111498 });
    nowMs += 3 * HOUR;
    await until(() => batches.length === 2);
    const moved = hub.latest('EURUSD')!;
    expect(moved.timeMs).toBe(nowMs);
    // Three hours of walk (seed 42) took EUR/USD well away from its reference.
    expect(Math.abs(moved.bid - 111498)).toBeGreaterThan(60);
    expect(await readTicksAfter(database.db, 0, 1_000)).toEqual(batches.flat());
    await hub.stop();

    // A new leader continues the walk from the logged prices, not from the references.
    nowMs += 250;
    const restarted = await simulatedHub();
    await until(() => restarted.batches.length === 1);
    const next = restarted.batches[0]!;
    expect(next.every((t) => t.timeMs === nowMs)).toBe(true);
    const eurusd = next.find((t) => t.symbol === 'EURUSD') ?? moved;
    expect(Math.abs(eurusd.bid - moved.bid)).toBeLessThan(20);
    expect(next.length).toBeLessThan(batches[0]!.length);
  });
});
