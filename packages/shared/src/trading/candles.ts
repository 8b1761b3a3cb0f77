// Candle buckets and the daily change (docs/product.md §11.16). Intraday periods sit on UTC multiples
// of their length; a day is the trading day [D−1 21:00, D 21:00), labelled D 00:00 UTC, so the
// Sunday evening's ticks open Monday's candle (no Sunday stub).
import { rational, roundHalfAwayFromZero } from './rational.js';

export const CANDLE_PERIODS = ['1m', '5m', '15m', '1h', '1d'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** 21:00 UTC + 3 h = the next midnight: trading day D's ticks map onto calendar day D. */
const TRADING_DAY_SHIFT_MS = 3 * 60 * MINUTE_MS;
export const CANDLE_PERIOD_MS: Record<CandlePeriod, number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '1d': DAY_MS,
};

/** The candle `time` a tick at `timeMs` belongs to (for 1d: its trading day's date, 00:00 UTC). */
export function candleBucket(period: CandlePeriod, timeMs: number): number {
  if (period === '1d') return Math.floor((timeMs + TRADING_DAY_SHIFT_MS) / DAY_MS) * DAY_MS;
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
