import { describe, expect, it } from 'vitest';
import type { TradingDeal, TradingSwap } from '../api/types';
import { mergeHistory } from './history';

const deal = (id: number, time: string) =>
  ({ id: String(id), symbol: 'EURUSD', side: 'buy', time }) as TradingDeal;
const swap = (id: number, rolloverAt: string) =>
  ({ id: String(id), symbol: 'EURUSD', side: 'buy', rolloverAt, amountMinor: -50 }) as TradingSwap;

const keys = (merged: ReturnType<typeof mergeHistory>) => merged.entries.map((e) => e.key);

describe('mergeHistory', () => {
  it('puts each night’s swap between the deals of its day, newest first', () => {
    const merged = mergeHistory(
      {
        items: [deal(2, '2026-03-04T09:00:00.000Z'), deal(1, '2026-03-02T09:00:00.000Z')],
        complete: true,
      },
      {
        items: [swap(2, '2026-03-03T21:00:00.000Z'), swap(1, '2026-03-02T21:00:00.000Z')],
        complete: true,
      },
    );
    expect(keys(merged)).toEqual(['deal:2', 'swap:2', 'swap:1', 'deal:1']);
    expect(merged.older).toEqual({ deals: false, swaps: false });
  });

  it('stops where a list with more on the server stops, and asks that list for more', () => {
    // More deals exist before Wednesday's: Monday's and Tuesday's swaps may sit among them.
    const merged = mergeHistory(
      {
        items: [deal(9, '2026-03-05T09:00:00.000Z'), deal(8, '2026-03-04T09:00:00.000Z')],
        complete: false,
      },
      {
        items: [
          swap(3, '2026-03-04T21:00:00.000Z'),
          swap(2, '2026-03-03T21:00:00.000Z'),
          swap(1, '2026-03-02T21:00:00.000Z'),
        ],
        complete: true,
      },
    );
    expect(keys(merged)).toEqual(['deal:9', 'swap:3', 'deal:8']);
    expect(merged.older).toEqual({ deals: true, swaps: false });
  });

  it('asks the list whose oldest loaded item is newest when both have more', () => {
    const merged = mergeHistory(
      { items: [deal(9, '2026-03-05T09:00:00.000Z')], complete: false },
      { items: [swap(3, '2026-03-04T21:00:00.000Z')], complete: false },
    );
    expect(keys(merged)).toEqual(['deal:9']);
    expect(merged.older).toEqual({ deals: true, swaps: false });
  });
});
