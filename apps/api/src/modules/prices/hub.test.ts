// The price hub with the manual source (the engine's tests drive it the same way), on PGlite or
// PostgreSQL (TEST_DATABASE_URL): ticks are logged before anyone hears them, in seq order, with
// their candles; closed markets are dropped; the clock moves only when told.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';
import { MONDAY_8AM, manualHub } from '../../test/prices-fixtures.js';
import { readTicksAfter } from './index.js';
import type { PriceHub, Tick } from './index.js';
import { selectCandles } from './prices.repo.js';

const MONDAY = MONDAY_8AM;

describe('price hub (manual source)', () => {
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

  it('logs pushed ticks, then tells the listeners in seq order, and serves them as latest', async () => {
    const heard: Tick[][] = [];
    hub.onTicks((ticks) => {
      heard.push([...ticks]);
    });
    expect(hub.source).toBe('manual');
    expect(hub.isLeader()).toBe(true);
    const first = await hub.manual!.push([
      { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:00.250Z' },
      { symbol: 'USDJPY', bid: '149.985', ask: '150.015', time: '2026-03-02T08:00:00.250Z' },
    ]);
    const second = await hub.manual!.push([
      { symbol: 'EURUSD', bid: '1.10165', ask: '1.10195', time: '2026-03-02T08:00:01.000Z' },
    ]);
    expect(first.map((t) => [t.symbol, t.bid, t.ask])).toEqual([
      ['EURUSD', 109985, 110015],
      ['USDJPY', 149985, 150015],
    ]);
    expect(first[1]!.seq).toBeGreaterThan(first[0]!.seq);
    expect(second[0]!.seq).toBeGreaterThan(first[1]!.seq);
    expect(heard).toEqual([first, second]);
    expect(hub.latest('EURUSD')).toEqual(second[0]);
    expect(hub.latest('GBPUSD')).toBeUndefined();
    // The engine clock is the feed's time.
    expect(hub.now()).toBe(Date.parse('2026-03-02T08:00:01.000Z'));
    // The log holds them, readable after any seq.
    expect(await readTicksAfter(database.db, 0, 10)).toEqual([...first, ...second]);
    expect(await readTicksAfter(database.db, first[1]!.seq, 10)).toEqual(second);
  });

  it('drops ticks of a closed market (the weekend) and counts them', async () => {
    const heard: Tick[] = [];
    hub.onTicks((ticks) => void heard.push(...ticks));
    const saturday = '2026-03-07T12:00:00.000Z';
    const logged = await hub.manual!.push([
      { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: saturday },
    ]);
    expect(logged).toEqual([]);
    expect(heard).toEqual([]);
    expect(hub.dropped().closed).toBe(1);
    expect(await readTicksAfter(database.db, 0, 10)).toEqual([]);
  });

  it('refuses prices a test could not mean (unknown symbol, bid above ask, too many decimals)', async () => {
    const bad = [
      { symbol: 'NOPE', bid: '1', ask: '1', time: MONDAY },
      { symbol: 'EURUSD', bid: '1.10020', ask: '1.10015', time: MONDAY },
      { symbol: 'EURUSD', bid: '1.100151', ask: '1.10020', time: MONDAY },
    ];
    for (const quote of bad) await expect(hub.manual!.push([quote])).rejects.toThrow();
  });

  it('moves the clock only with advanceTo, running the clock listeners', async () => {
    const heard: number[] = [];
    hub.onClock((nowMs) => void heard.push(nowMs));
    expect(hub.now()).toBe(Date.parse(MONDAY));
    await hub.manual!.advanceTo('2026-03-02T21:00:00.000Z');
    expect(heard).toEqual([Date.parse('2026-03-02T21:00:00.000Z')]);
    expect(hub.now()).toBe(Date.parse('2026-03-02T21:00:00.000Z'));
  });

  it('builds candles from the bid: open, high, low, close and tick volume, the day from 21:00', async () => {
    const at = (time: string, bid: string) => ({
      symbol: 'EURUSD',
      bid,
      ask: (Number(bid) + 0.0003).toFixed(5),
      time,
    });
    await hub.manual!.push([
      at('2026-03-02T20:59:10.000Z', '1.10000'),
      at('2026-03-02T20:59:20.000Z', '1.10050'),
      at('2026-03-02T20:59:30.000Z', '1.09950'),
    ]);
    await hub.manual!.push([at('2026-03-02T20:59:40.000Z', '1.10010')]);
    // 21:00 starts trading day 2026-03-03: a new 1d candle.
    await hub.manual!.push([at('2026-03-02T21:00:00.000Z', '1.10020')]);
    const minute = await selectCandles(database.db, { symbol: 'EURUSD', period: '1m', limit: 10 });
    expect(minute).toEqual([
      {
        bucketMs: Date.parse('2026-03-02T20:59:00.000Z'),
        open: 110000,
        high: 110050,
        low: 109950,
        close: 110010,
        tickVolume: 4,
      },
      {
        bucketMs: Date.parse('2026-03-02T21:00:00.000Z'),
        open: 110020,
        high: 110020,
        low: 110020,
        close: 110020,
        tickVolume: 1,
      },
    ]);
    const days = await selectCandles(database.db, { symbol: 'EURUSD', period: '1d', limit: 10 });
    expect(days.map((d) => [new Date(d.bucketMs).toISOString(), d.tickVolume, d.close])).toEqual([
      // Trading day D is [D−1 21:00, D 21:00), labelled D.
      ['2026-03-02T00:00:00.000Z', 4, 110010],
      ['2026-03-03T00:00:00.000Z', 1, 110020],
    ]);
  });

  it('starts again from the log: latest ticks survive a restart', async () => {
    const [tick] = await hub.manual!.push([
      { symbol: 'GBPUSD', bid: '1.27000', ask: '1.27015', time: MONDAY },
    ]);
    await hub.stop();
    hub = manualHub(database);
    await hub.start();
    expect(hub.latest('GBPUSD')).toEqual(tick);
  });
});
