// The price sources as pure steppers (no database, no waiting): the simulator's walk, cadence,
// spreads, closed markets, crosses and restarts; the replay file's validation and clock; the
// feed adapter's spread and markup rule.
import { TRADING_SPECS, findSpec } from '@brokerdesk/shared/trading';
import { describe, expect, it } from 'vitest';
import type { SourceQuote } from '../tick.js';
import { quoteFromFeed } from './feed-adapter.js';
import { makeReplaySource, parseReplay } from './replay.js';
import { EVERY_STEP_SYMBOLS, STEP_MS, THETA, buildModel, makeSimulator } from './simulated.js';

const MONDAY = Date.parse('2026-03-02T08:00:00.000Z');
const DAY_MS = 86_400_000;

function midPoints(q: { bid: number; ask: number }) {
  return (q.bid + q.ask) / 2;
}

describe('simulated prices', () => {
  it('has one factor per currency, metal, energy, index and BTC, and prices every instrument', () => {
    const { factors, instruments } = buildModel();
    expect(instruments).toHaveLength(TRADING_SPECS.length);
    expect(factors).toHaveLength(23 + 2 + 2 + 8 + 1);
  });

  it('quotes every open instrument at its reference first, ask − bid exactly the spread', () => {
    const sim = makeSimulator({ seed: 1 });
    const quotes = sim.step(MONDAY);
    const eurusd = quotes.find((q) => q.symbol === 'EURUSD')!;
    // Reference 1.115125 (mid of the sample quote), spread 30: bid R½(111512.5 − 15).
    expect(eurusd).toEqual({ symbol: 'EURUSD', bid: 111498, ask: 111528, timeMs: MONDAY });
    for (const q of quotes) expect(q.ask - q.bid).toBe(findSpec(q.symbol)!.spreadPoints);
    // EUR/CZK trades 07:17–14:14 only: open at 08:00.
    expect(quotes.some((q) => q.symbol === 'EURCZK')).toBe(true);
    const evening = makeSimulator({ seed: 1 }).step(Date.parse('2026-03-02T18:00:00.000Z'));
    expect(evening.some((q) => q.symbol === 'EURCZK')).toBe(false);
    expect(evening.some((q) => q.symbol === 'EURUSD')).toBe(true);
  });

  it('widens each quote by the desk’s markup as it is now, around the same mid', () => {
    const markups = new Map([['EURUSD', 10]]);
    const sim = makeSimulator({ seed: 1, markupPoints: (symbol) => markups.get(symbol) ?? 0 });
    const first = sim.step(MONDAY);
    // Spread 30 + 10 around the mid 111512.5: bid R½(111512.5 − 20), ask bid + 40.
    expect(first.find((q) => q.symbol === 'EURUSD')).toEqual({
      symbol: 'EURUSD',
      bid: 111493,
      ask: 111533,
      timeMs: MONDAY,
    });
    expect(first.find((q) => q.symbol === 'GBPUSD')!.ask).toBe(
      first.find((q) => q.symbol === 'GBPUSD')!.bid + findSpec('GBPUSD')!.spreadPoints,
    );
    // A change is read at the next step.
    markups.set('EURUSD', 0);
    const next = sim.step(MONDAY + 250).find((q) => q.symbol === 'EURUSD')!;
    expect(next.ask - next.bid).toBe(30);
  });

  it('ticks the majors every 250 ms and the rest every 4th step, only when changed', () => {
    const sim = makeSimulator({ seed: 7 });
    const start = Math.floor(MONDAY / STEP_MS) * STEP_MS;
    const all: SourceQuote[] = [];
    for (let i = 0; i < 16; i += 1) all.push(...sim.step(start + i * STEP_MS));
    const steps = (symbol: string) =>
      all.filter((q) => q.symbol === symbol).map((q) => Math.floor(q.timeMs / STEP_MS) % 4);
    // EUR/USD moves ~2 points a step: it ticks on most steps, whatever their number.
    expect(steps('EURUSD').length).toBeGreaterThanOrEqual(10);
    expect(new Set(steps('EURUSD')).size).toBe(4);
    for (const q of all) {
      if (!EVERY_STEP_SYMBOLS.has(q.symbol)) expect(Math.floor(q.timeMs / STEP_MS) % 4).toBe(0);
    }
    expect(steps('USDTRY').length).toBeGreaterThan(0);
    // Never the same bid and ask twice in a row.
    const bySymbol = new Map<string, SourceQuote>();
    for (const q of all) {
      const previous = bySymbol.get(q.symbol);
      expect(previous && previous.bid === q.bid && previous.ask === q.ask).toBeFalsy();
      bySymbol.set(q.symbol, q);
    }
  });

  it('keeps crosses in line with their legs (EUR/GBP = EUR/USD ÷ GBP/USD within a point)', () => {
    const sim = makeSimulator({ seed: 11 });
    for (let day = 0; day < 5; day += 1) {
      const quotes = sim.step(MONDAY + day * DAY_MS);
      const get = (s: string) => quotes.find((q) => q.symbol === s)!;
      const derived = (midPoints(get('EURUSD')) / midPoints(get('GBPUSD'))) * 1e5;
      expect(Math.abs(midPoints(get('EURGBP')) - derived)).toBeLessThanOrEqual(1);
    }
  });

  it('stays within a few stationary deviations of each reference over 60 simulated days', () => {
    const sim = makeSimulator({ seed: 3 });
    const worst = new Map<string, number>();
    for (let minute = 0; minute < 60 * 24 * 60; minute += 30) {
      // Step through weekends too: closed markets are simply not quoted.
      for (const q of sim.step(MONDAY + minute * 60_000)) {
        const spec = findSpec(q.symbol)!;
        const reference = Number(spec.referencePrice) * 10 ** spec.digits;
        const deviation = Math.abs(Math.log(midPoints(q) / reference));
        worst.set(q.symbol, Math.max(worst.get(q.symbol) ?? 0, deviation));
      }
    }
    expect(worst.size).toBe(TRADING_SPECS.length);
    // A cross moves with two factors of σ ≤ 12 % (BTC 60 %): 6 stationary deviations each.
    const stationary = (sigma: number) => sigma / Math.sqrt(2 * THETA);
    expect(worst.get('EURUSD')).toBeLessThan(6 * stationary(0.08));
    expect(worst.get('BTCUSD')).toBeLessThan(6 * stationary(0.6));
    for (const [, deviation] of worst) expect(deviation).toBeLessThan(12 * stationary(0.12) + 0.5);
  });

  it('is the same for the same seed, and not for another', () => {
    const run = (seed: number) => {
      const sim = makeSimulator({ seed });
      return [0, 1, 2, 3].flatMap((i) => sim.step(MONDAY + i * STEP_MS));
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });

  it('reopens after the weekend with one step that spans the whole closure', () => {
    const friday = Date.parse('2026-03-06T20:59:59.750Z');
    const sunday = Date.parse('2026-03-08T21:00:00.000Z');
    const sim = makeSimulator({ seed: 9 });
    const before = sim.step(friday).find((q) => q.symbol === 'EURUSD')!;
    expect(sim.step(Date.parse('2026-03-07T12:00:00.000Z'))).toEqual([]);
    const after = sim.step(sunday).find((q) => q.symbol === 'EURUSD')!;
    // 48 hours of movement at once: typically tens of points, never the same price.
    expect(after.bid).not.toBe(before.bid);
    expect(after.timeMs).toBe(sunday);
  });

  it('resumes from the last logged ticks after a restart instead of the references', () => {
    const moved = TRADING_SPECS.map((spec, i) => {
      const reference = Number(spec.referencePrice) * 10 ** spec.digits;
      const bid = Math.round(reference * 1.02);
      return { seq: i + 1, symbol: spec.symbol, bid, ask: bid + spec.spreadPoints, timeMs: MONDAY };
    });
    const sim = makeSimulator({ seed: 2, resume: moved });
    // A minute later (σ√Δ ≈ 12 points for EUR/USD), far from the reference 2 % below.
    const next = sim.step(MONDAY + 60_000);
    const eurusd = next.find((q) => q.symbol === 'EURUSD')!;
    const last = moved.find((t) => t.symbol === 'EURUSD')!;
    expect(Math.abs(eurusd.bid - last.bid)).toBeLessThan(100);
    // The crosses resume through their legs: EUR/GBP follows EUR/USD ÷ GBP/USD (both +2 %).
    const eurgbp = next.find((q) => q.symbol === 'EURGBP')!;
    expect(Math.abs(midPoints(eurgbp) / (0.85582 * 1e5) - 1)).toBeLessThan(0.002);
    // A step at or before the last logged time produces nothing.
    expect(makeSimulator({ seed: 2, resume: moved }).step(MONDAY)).toEqual([]);
  });
});

const line = (fields: Record<string, unknown>) => JSON.stringify(fields);
const ok = (time: string, bid = '1.09985', ask = '1.10015') =>
  line({ symbol: 'EURUSD', bid, ask, time });

describe('replay files', () => {
  it('reads ticks verbatim (no spread, no markup)', () => {
    expect(parseReplay(`${ok('2026-03-02T08:00:00.250Z')}\n\n`)).toEqual([
      {
        symbol: 'EURUSD',
        bid: 109985,
        ask: 110015,
        timeMs: Date.parse('2026-03-02T08:00:00.250Z'),
      },
    ]);
  });

  it.each([
    ['{not json', 'line 2: not valid JSON'],
    [
      line({ symbol: 'NOPE', bid: '1', ask: '1', time: '2026-03-02T08:00:00Z' }),
      'unknown symbol NOPE',
    ],
    [ok('2026-03-02T08:00:01.000Z', '1.099851'), 'at most 5 decimals'],
    [ok('2026-03-02T08:00:01.000Z', '1.10020', '1.10015'), 'bid must be positive and at most ask'],
    [line({ symbol: 'EURUSD', bid: 1.1, ask: 1.2, time: 'x' }), 'decimal strings'],
    [ok('2026-03-02 08:00:01'), 'ISO-8601 UTC'],
    [ok('2026-03-02T07:59:59.000Z'), 'time goes back'],
  ])('names the first bad line: %s', (bad, message) => {
    const text = [ok('2026-03-02T08:00:00.000Z'), bad, '{also bad'].join('\n');
    expect(() => parseReplay(text)).toThrow(`REPLAY_FILE line 2: `);
    expect(() => parseReplay(text)).toThrow(message);
  });

  it('runs its clock at N times the wall clock from the first tick, and stops at the end', async () => {
    const quotes = parseReplay(
      [
        ok('2026-03-02T08:00:00.000Z'),
        ok('2026-03-02T08:01:00.000Z'),
        ok('2026-03-02T08:02:00.000Z'),
      ].join('\n'),
    );
    let wall = 1_000_000;
    const played: SourceQuote[][] = [];
    const source = makeReplaySource({
      quotes,
      speed: 60,
      loop: false,
      clock: { now: () => new Date(wall) },
      autoRun: false,
    });
    source.start(async (batch) => {
      played.push([...batch]);
      return [];
    });
    await source.pump();
    expect(played).toHaveLength(1);
    expect(source.now()).toBe(Date.parse('2026-03-02T08:00:00.000Z'));
    wall += 500; // 30 replay seconds
    await source.pump();
    expect(played).toHaveLength(1);
    expect(source.now()).toBe(Date.parse('2026-03-02T08:00:30.000Z'));
    wall += 1_500; // 08:02:00: both remaining ticks are due, in one batch
    await source.pump();
    expect(played.map((b) => b.length)).toEqual([1, 2]);
    expect(source.finished()).toBe(true);
    wall += 60_000;
    expect(source.now()).toBe(Date.parse('2026-03-02T08:02:00.000Z'));
    await source.stop();
  });

  it('loops a whole number of weeks later, and resumes after the last logged tick', async () => {
    const quotes = parseReplay(
      [ok('2026-03-02T08:00:00.000Z'), ok('2026-03-02T08:00:01.000Z')].join('\n'),
    );
    const played: number[] = [];
    const make = (afterMs?: number) =>
      makeReplaySource({
        quotes,
        speed: 'max',
        loop: true,
        clock: { now: () => new Date(0) },
        afterMs,
        autoRun: false,
      });
    const source = make();
    source.start(async (batch) => {
      played.push(...batch.map((q) => q.timeMs));
      return [];
    });
    await source.pump();
    const week = 7 * DAY_MS;
    const first = Date.parse('2026-03-02T08:00:00.000Z');
    expect(played.slice(0, 4)).toEqual([first, first + 1000, first + week, first + week + 1000]);
    const resumed = make(first + week);
    const again: number[] = [];
    resumed.start(async (batch) => {
      again.push(...batch.map((q) => q.timeMs));
      return [];
    });
    await resumed.pump();
    expect(again[0]).toBe(first + week + 1000);
  });
});

describe('feed adapter quotes', () => {
  it('spreads a mid exactly and widens a bid/ask by the markup (⌊k/2⌋ below, ⌈k/2⌉ above)', () => {
    const time = '2026-03-02T08:00:00.000Z';
    expect(quoteFromFeed({ symbol: 'EURUSD', time, mid: '1.1' })).toMatchObject({
      bid: 109985,
      ask: 110015,
    });
    // Half a point rounds away from zero: 1.100005 − 0.00015 = 1.099855 → 109986.
    expect(quoteFromFeed({ symbol: 'EURUSD', time, mid: '1.100005' })).toMatchObject({
      bid: 109986,
      ask: 110016,
    });
    expect(
      quoteFromFeed(
        { symbol: 'EURUSD', time, bid: '1.10000', ask: '1.10010' },
        { markupPoints: 5 },
      ),
    ).toMatchObject({ bid: 109998, ask: 110013 });
    expect(quoteFromFeed({ symbol: 'NOPE', time, mid: '1' })).toBeNull();
  });
});
