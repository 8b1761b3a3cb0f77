// Candles from the bid of logged ticks (PRODUCT §11.16): one row per (symbol, period, bucket)
// that a batch touches, so a batch costs one upsert whatever its size. Pure.
import { CANDLE_PERIODS, candleBucket } from '@brokerdesk/shared/trading';
import type { CandlePeriod } from '@brokerdesk/shared/trading';

export interface CandleRow {
  symbol: string;
  period: CandlePeriod;
  bucketMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  tickVolume: number;
}

interface BidTick {
  symbol: string;
  bid: number;
  timeMs: number;
}

/**
 * Aggregates ticks (in log order) into candle rows. `include` may leave a period's tick out
 * (a rebuild that starts mid-bucket).
 */
export function aggregateCandles(
  ticks: readonly BidTick[],
  include: (period: CandlePeriod, bucketMs: number) => boolean = () => true,
): CandleRow[] {
  const rows = new Map<string, CandleRow>();
  for (const tick of ticks) {
    for (const period of CANDLE_PERIODS) {
      const bucketMs = candleBucket(period, tick.timeMs);
      if (!include(period, bucketMs)) continue;
      const key = `${tick.symbol}\u0000${period}\u0000${bucketMs}`;
      const row = rows.get(key);
      if (row) {
        row.high = Math.max(row.high, tick.bid);
        row.low = Math.min(row.low, tick.bid);
        row.close = tick.bid;
        row.tickVolume += 1;
      } else {
        rows.set(key, {
          symbol: tick.symbol,
          period,
          bucketMs,
          open: tick.bid,
          high: tick.bid,
          low: tick.bid,
          close: tick.bid,
          tickVolume: 1,
        });
      }
    }
  }
  return [...rows.values()];
}
