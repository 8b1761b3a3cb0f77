// The bad-tick filter's decisions (decision 134), quote by quote: EUR/USD at 1.10000/1.10030
// (a 30-point spread) with a threshold of 10 spreads, so the mid may move 300 points.
import { describe, expect, it } from 'vitest';
import { makeBadTickFilter, movedTooFar } from './bad-tick-filter.js';
import type { SourceQuote } from './tick.js';

const LAST = { bid: 110_000, ask: 110_030 };
let timeMs = 0;
const q = (bid: number, ask = bid + 30, symbol = 'EURUSD'): SourceQuote => ({
  symbol,
  bid,
  ask,
  timeMs: (timeMs += 250),
});

function filter(threshold: number | null = 10) {
  return makeBadTickFilter({
    thresholdOf: (symbol) => (symbol === 'EURUSD' ? threshold : null),
    lastLogged: () => LAST,
  });
}

describe('the bad-tick filter', () => {
  it('measures the mid against N spreads of the last logged tick; exactly N passes', () => {
    expect(movedTooFar({ bid: 110_300, ask: 110_330 }, LAST, 10)).toBe(false); // exactly 300
    expect(movedTooFar({ bid: 110_301, ask: 110_331 }, LAST, 10)).toBe(true);
    expect(movedTooFar({ bid: 109_699, ask: 109_729 }, LAST, 10)).toBe(true);
    // A zero spread counts as one point, so a locked market still filters.
    expect(movedTooFar({ bid: 11, ask: 11 }, { bid: 0, ask: 0 }, 5)).toBe(true);
  });

  it('keeps everything when off or for another instrument', () => {
    const quotes = [q(104_500), q(90_000, 90_030, 'GBPUSD')];
    expect(filter(null).screen(quotes).kept).toEqual(quotes);
    expect(filter().screen([quotes[1]!]).kept).toEqual([quotes[1]]);
  });

  it('holds a jump back, then calls it a spike when the next quote is near the last tick', () => {
    const f = filter();
    const jump = q(104_500);
    const first = f.screen([jump]);
    expect(first).toMatchObject({
      kept: [],
      held: [{ quote: jump, last: LAST, thresholdSpreads: 10 }],
    });
    const back = q(110_010);
    expect(f.screen([back])).toEqual({
      kept: [back],
      held: [],
      resolved: [{ quote: jump, outcome: 'spike' }],
    });
  });

  it('confirms a real move when the next quote stays near the held one, and logs that one', () => {
    const f = filter();
    const gap = q(104_500);
    f.screen([gap]);
    const next = q(104_520);
    expect(f.screen([next])).toEqual({
      kept: [next],
      held: [],
      resolved: [{ quote: gap, outcome: 'confirmed' }],
    });
  });

  it('holds the next quote too when it is far from both; the earlier counts as a spike', () => {
    const f = filter();
    const up = q(120_000);
    const down = q(100_000);
    const result = f.screen([up, down]);
    expect(result.kept).toEqual([]);
    expect(result.held.map((h) => h.quote)).toEqual([up, down]);
    expect(result.resolved).toEqual([{ quote: up, outcome: 'spike' }]);
  });

  it('measures a batch against the quotes it has kept so far', () => {
    const f = filter();
    // Each step moves 250 points from the one before: every quote kept, 750 from the start.
    const steps = [q(110_250), q(110_500), q(110_750)];
    expect(f.screen(steps).kept).toEqual(steps);
  });
});
