// Candle buckets and the daily change (PRODUCT §11.16). Intraday periods sit on UTC multiples
// of their length; a day is the trading day [D−1 21:00, D 21:00), labelled D 00:00 UTC, so the
// Sunday evening's ticks open Monday's candle (no Sunday stub).
import { rational, roundHalfAwayFromZero } from './rational.js';
import { tradingDayOf } from './sessions.js';

export const CANDLE_PERIODS = ['1m', '5m', '15m', '1h', '1d'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

const MINUTE_MS = 60_000;
export const CANDLE_PERIOD_MS: Record<CandlePeriod, number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '1d': 24 * 60 * MINUTE_MS,
};

/** The candle `time` a tick at `timeMs` belongs to (for 1d: its trading day's date, 00:00 UTC). */
export function candleBucket(period: CandlePeriod, timeMs: number): number {
  if (period === '1d') return Date.parse(`${tradingDayOf(timeMs)}T00:00:00.000Z`);
  const length = CANDLE_PERIOD_MS[period];
  return Math.floor(timeMs / length) * length;
}

/** (bid − previous 1d close) / previous 1d close in %, R½ to 2 decimals: "0.12", "-0.38". */
export function changePercent(bid: number, previousDailyClose: number): string {
  if (previousDailyClose <= 0) return '0.00';
  const hundredths = roundHalfAwayFromZero(
    rational((BigInt(bid) - BigInt(previousDailyClose)) * 10_000n, BigInt(previousDailyClose)),
  );
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
