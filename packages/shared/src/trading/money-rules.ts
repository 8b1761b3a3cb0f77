// Money formulas of docs/product.md §11.6 (conversion), §11.7 (margin), §11.10 (P/L) and §11.13
// (swaps). Each is one exact fraction of integers, rounded once: margin up (⌈⌉), P/L and swap
// half away from zero (R½). Volumes are centilots and money cents, so the 1/100 of each cancels:
// n centilots × C × p points / 10^digits is exactly the notional in quote-currency cents.
import {
  ceilRational,
  divR,
  mulR,
  rational,
  roundHalfAwayFromZero,
  toSafeNumber,
  type Rational,
} from './rational.js';
import { findSpec, type TradingSpec } from './specs.js';
import type { Side } from './types.js';

/** The exact mid (bid + ask) / 2, in points. */
export function midOf(bid: number, ask: number): Rational {
  return rational(BigInt(bid) + BigInt(ask), 2n);
}

function usdPairs(quoteCurrency: string): { direct?: TradingSpec; inverse?: TradingSpec } {
  const direct = findSpec(`${quoteCurrency}USD`);
  if (direct) return { direct };
  const inverse = findSpec(`USD${quoteCurrency}`);
  return inverse ? { inverse } : {};
}

/** The pairs R(q) reads: [] for USD, else q/USD if it exists, else USD/q. */
export function conversionSymbols(quoteCurrency: string): string[] {
  if (quoteCurrency === 'USD') return [];
  const { direct, inverse } = usdPairs(quoteCurrency);
  const pair = direct ?? inverse;
  return pair ? [pair.symbol] : [];
}

/**
 * R(q): USD per unit of quote currency q, exact (§11.6). `latestMid` answers a symbol's mid in
 * *points* (as midOf gives it) at the event's tick, or undefined when the pair has no tick; the
 * result is then undefined too (the engine answers MARKET_CLOSED). 1 for USD; mid(q/USD) when
 * that pair exists; else 1 / mid(USD/q).
 */
export function conversionRate(
  quoteCurrency: string,
  latestMid: (symbol: string) => Rational | undefined,
): Rational | undefined {
  if (quoteCurrency === 'USD') return rational(1);
  const { direct, inverse } = usdPairs(quoteCurrency);
  const pair = direct ?? inverse;
  if (!pair) return undefined;
  const midPoints = latestMid(pair.symbol);
  if (midPoints === undefined || midPoints.num <= 0n) return undefined;
  const mid = divR(midPoints, rational(10n ** BigInt(pair.digits)));
  return direct ? mid : divR(rational(1), mid);
}

type Units = Pick<TradingSpec, 'contractSize' | 'digits'>;

/** n × C × p / 10^digits: quote-currency cents of `points` on `volume` centilots. */
function quoteCents(spec: Units, volume: number, points: bigint): Rational {
  return rational(BigInt(volume) * BigInt(spec.contractSize) * points, 10n ** BigInt(spec.digits));
}

/** Margin of a position in cents: ⌈ n × C × p_open × R_open / (10^digits × L) ⌉ (§11.7). */
export function marginMinor(a: {
  spec: Units;
  volume: number;
  openPrice: number;
  rate: Rational;
  leverage: number;
}): number {
  const notional = mulR(quoteCents(a.spec, a.volume, BigInt(a.openPrice)), a.rate);
  return toSafeNumber(ceilRational(divR(notional, rational(a.leverage))));
}

/** Realised or floating P/L in cents: R½( s × (p_close − p_open) × n × C × R / 10^digits ). */
export function pnlMinor(a: {
  spec: Units;
  side: Side;
  volume: number;
  openPrice: number;
  closePrice: number;
  rate: Rational;
}): number {
  const sign = a.side === 'buy' ? 1n : -1n;
  const move = sign * (BigInt(a.closePrice) - BigInt(a.openPrice));
  return toSafeNumber(roundHalfAwayFromZero(mulR(quoteCents(a.spec, a.volume, move), a.rate)));
}

/**
 * One rollover's swap in cents: R½( n × C × rate × k × R / (100 × 10^digits) ) (§11.13), with
 * `rateHundredths` the side's swap in hundredths of a point and `multiplier` 3 on Wednesdays.
 * The multiplier applies before the one rounding.
 */
export function swapMinor(a: {
  spec: Units;
  volume: number;
  rateHundredths: number;
  multiplier: number;
  rate: Rational;
}): number {
  const hundredths = quoteCents(a.spec, a.volume, BigInt(a.rateHundredths) * BigInt(a.multiplier));
  return toSafeNumber(roundHalfAwayFromZero(mulR(divR(hundredths, rational(100)), a.rate)));
}

/** The swap multiplier of a rollover at `timeMs`: 3 on Wednesday (every class), else 1. */
export function swapMultiplier(rolloverTimeMs: number): number {
  return new Date(rolloverTimeMs).getUTCDay() === 3 ? 3 : 1;
}
