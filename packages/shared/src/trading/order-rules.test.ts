// docs/product.md §11.8 and §11.10 at their exact boundaries (EUR/USD, Lv = spread = 30 points).
import { describe, expect, it } from 'vitest';
import {
  checkPartialClose,
  checkPendingPrice,
  checkStops,
  checkVolume,
  closePrice,
  openPrice,
  pendingTriggers,
  stopLossHit,
  takeProfitHit,
  trailedStopLoss,
} from './order-rules.js';
import { findSpec } from './specs.js';

const eurusd = findSpec('EURUSD')!;
const xauusd = findSpec('XAUUSD')!;
const quote = { bid: 110000, ask: 110030 };
const lv = eurusd.stopsLevelPoints;

describe('sides', () => {
  it('opens a buy at the ask and a sell at the bid, and closes the other way', () => {
    expect([openPrice('buy', quote), openPrice('sell', quote)]).toEqual([110030, 110000]);
    expect([closePrice('buy', quote), closePrice('sell', quote)]).toEqual([110000, 110030]);
  });
});

describe('pending prices: right side of the quote and at least Lv away', () => {
  const valid = (side: 'buy' | 'sell', type: 'limit' | 'stop', price: number) =>
    checkPendingPrice({ side, type, price, quote, stopsLevel: lv });

  it('buy limit ≤ ask − Lv', () => {
    expect([valid('buy', 'limit', 110000), valid('buy', 'limit', 110001)]).toEqual([true, false]);
  });
  it('buy stop ≥ ask + Lv', () => {
    expect([valid('buy', 'stop', 110060), valid('buy', 'stop', 110059)]).toEqual([true, false]);
  });
  it('sell limit ≥ bid + Lv', () => {
    expect([valid('sell', 'limit', 110030), valid('sell', 'limit', 110029)]).toEqual([true, false]);
  });
  it('sell stop ≤ bid − Lv', () => {
    expect([valid('sell', 'stop', 109970), valid('sell', 'stop', 109971)]).toEqual([true, false]);
  });
  it('refuses a price that is not a positive whole number of points', () => {
    expect(valid('buy', 'limit', 0)).toBe(false);
    expect(valid('buy', 'limit', 1000.5)).toBe(false);
  });
});

describe('triggers: an equal price triggers', () => {
  const fires = (side: 'buy' | 'sell', type: 'limit' | 'stop', price: number, bid: number) =>
    pendingTriggers({ side, type, price }, { bid, ask: bid + 30 });

  it('buy limit when ask ≤ price', () => {
    expect([fires('buy', 'limit', 110000, 109970), fires('buy', 'limit', 110000, 109971)]).toEqual([
      true,
      false,
    ]);
  });
  it('buy stop when ask ≥ price', () => {
    expect([fires('buy', 'stop', 110060, 110030), fires('buy', 'stop', 110060, 110029)]).toEqual([
      true,
      false,
    ]);
  });
  it('sell limit when bid ≥ price', () => {
    expect([
      fires('sell', 'limit', 110030, 110030),
      fires('sell', 'limit', 110030, 110029),
    ]).toEqual([true, false]);
  });
  it('sell stop when bid ≤ price', () => {
    expect([fires('sell', 'stop', 109970, 109970), fires('sell', 'stop', 109970, 109971)]).toEqual([
      true,
      false,
    ]);
  });
});

describe('stop loss and take profit', () => {
  const stops = (side: 'buy' | 'sell', reference: number, sl: number | null, tp: number | null) =>
    checkStops({ side, reference, sl, tp, trailingPoints: null, stopsLevel: lv });

  it('accepts a buy SL/TP exactly Lv from the bid and refuses one point closer', () => {
    expect(stops('buy', 110000, 109970, 110030)).toBe(true);
    expect(stops('buy', 110000, 109971, null)).toBe(false);
    expect(stops('buy', 110000, null, 110029)).toBe(false);
    expect(stops('buy', 110000, 110050, null)).toBe(false); // SL on the wrong side
  });

  it('accepts a sell SL/TP exactly Lv from the ask and refuses one point closer', () => {
    expect(stops('sell', 110030, 110060, 110000)).toBe(true);
    expect(stops('sell', 110030, 110059, null)).toBe(false);
    expect(stops('sell', 110030, null, 110001)).toBe(false);
    expect(stops('sell', 110030, null, 110100)).toBe(false); // TP on the wrong side
  });

  it('refuses a trailing distance under Lv and stops off the point grid', () => {
    const trail = (trailingPoints: number) =>
      checkStops({
        side: 'buy',
        reference: 110000,
        sl: null,
        tp: null,
        trailingPoints,
        stopsLevel: lv,
      });
    expect([trail(30), trail(29), trail(0), trail(30.5)]).toEqual([true, false, false, false]);
    expect(stops('buy', 110000, 109900.5, null)).toBe(false);
    expect(stops('buy', 110000, null, null)).toBe(true);
  });

  it('hits a buy SL at bid ≤ SL and TP at bid ≥ TP', () => {
    expect(stopLossHit('buy', 109970, { bid: 109970, ask: 110000 })).toBe(true);
    expect(stopLossHit('buy', 109970, { bid: 109971, ask: 110001 })).toBe(false);
    expect(takeProfitHit('buy', 110100, { bid: 110100, ask: 110130 })).toBe(true);
    expect(takeProfitHit('buy', 110100, { bid: 110099, ask: 110129 })).toBe(false);
    expect(stopLossHit('buy', null, { bid: 1, ask: 31 })).toBe(false);
  });

  it('hits a sell SL at ask ≥ SL and TP at ask ≤ TP', () => {
    expect(stopLossHit('sell', 110060, { bid: 110030, ask: 110060 })).toBe(true);
    expect(stopLossHit('sell', 110060, { bid: 110029, ask: 110059 })).toBe(false);
    expect(takeProfitHit('sell', 109900, { bid: 109870, ask: 109900 })).toBe(true);
    expect(takeProfitHit('sell', 109900, { bid: 109871, ask: 109901 })).toBe(false);
    expect(takeProfitHit('sell', null, { bid: 1, ask: 31 })).toBe(false);
  });
});

describe('trailing stop', () => {
  it('moves a buy SL up to bid − d, never down', () => {
    expect(trailedStopLoss('buy', 30, null, { bid: 110100, ask: 110130 })).toBe(110070);
    expect(trailedStopLoss('buy', 30, 110070, { bid: 110100, ask: 110130 })).toBeNull();
    expect(trailedStopLoss('buy', 30, 110070, { bid: 110101, ask: 110131 })).toBe(110071);
    expect(trailedStopLoss('buy', 30, 110070, { bid: 110050, ask: 110080 })).toBeNull();
  });

  it('moves a sell SL down to ask + d, never up', () => {
    expect(trailedStopLoss('sell', 30, null, { bid: 110000, ask: 110030 })).toBe(110060);
    expect(trailedStopLoss('sell', 30, 110060, { bid: 110000, ask: 110030 })).toBeNull();
    expect(trailedStopLoss('sell', 30, 110060, { bid: 109999, ask: 110029 })).toBe(110059);
    expect(trailedStopLoss('sell', 30, 110060, { bid: 110100, ask: 110130 })).toBeNull();
  });
});

describe('volumes', () => {
  it('takes multiples of the step between min and max', () => {
    const ok = (v: number) => checkVolume(eurusd, v);
    expect([ok(1), ok(10), ok(5000), ok(0), ok(5001), ok(1.5), ok(-1)]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([checkVolume(xauusd, 9), checkVolume(xauusd, 10), checkVolume(xauusd, 2001)]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('closes in part only when both parts are at least the minimum', () => {
    const close = (position: number, volume: number) => checkPartialClose(xauusd, position, volume);
    expect(close(20, 10)).toBe(true);
    expect(close(20, 11)).toBe(false); // leaves 9 < 10
    expect(close(20, 9)).toBe(false); // below the minimum
    expect(close(20, 20)).toBe(true);
    expect(close(20, 21)).toBe(false);
    expect(close(20, 0)).toBe(false);
    expect(close(20, 10.5)).toBe(false);
    expect(checkPartialClose(eurusd, 10, 9)).toBe(true);
  });
});
