// The money formulas of docs/product.md §11.5–§11.7, §11.10 and §11.13, in the model's own
// fractions. Every figure is integer cents; rounding happens only where the spec says.
import type { ModelSpec } from './model-specs.js';
import {
  ceil,
  div,
  frac,
  mul,
  ONE,
  roundHalfAway,
  toSafe,
  truncate,
  type Fraction,
} from './rational.js';

export type ModelSide = 'buy' | 'sell';

export interface ModelQuote {
  bid: number;
  ask: number;
  timeMs: number;
}

/** The exact mid (bid + ask) / 2. */
export function mid(quote: { bid: number; ask: number }): Fraction {
  return frac(quote.bid + quote.ask, 2);
}

/**
 * R(q), quote currency → USD (§11.6): 1 for USD, mid(q/USD) when that pair is known, else
 * 1 / mid(USD/q). `midOf` gives the exact mid of a symbol's latest tick, if it has one.
 * undefined = no tick for the pair it needs (→ MARKET_CLOSED).
 */
export function usdRate(
  quoteCurrency: string,
  midOf: (symbol: string) => Fraction | undefined,
): Fraction | undefined {
  if (quoteCurrency === 'USD') return ONE;
  const direct = midOf(`${quoteCurrency}USD`);
  if (direct) return direct;
  const inverse = midOf(`USD${quoteCurrency}`);
  return inverse ? div(ONE, inverse) : undefined;
}

/** The pair R(q) reads (the model only knows its own six instruments). */
export function rateSymbol(quoteCurrency: string): string | null {
  if (quoteCurrency === 'USD') return null;
  if (quoteCurrency === 'GBP' || quoteCurrency === 'EUR') return `${quoteCurrency}USD`;
  return `USD${quoteCurrency}`;
}

const pow10 = (digits: number): bigint => 10n ** BigInt(digits);

/** §11.7: ⌈n × C × p_open × R_open / (10^digits × L)⌉ cents. */
export function marginCents(a: {
  spec: ModelSpec;
  volume: number;
  price: number;
  rate: Fraction;
  leverage: number;
}): number {
  const top = BigInt(a.volume) * BigInt(a.spec.contract) * BigInt(a.price);
  const exact = mul(frac(top, pow10(a.spec.digits) * BigInt(a.leverage)), a.rate);
  return toSafe(ceil(exact));
}

/** §11.10: R½(s × (p_close − p_open) × n × C × R_close / 10^digits) cents. */
export function pnlCents(a: {
  spec: ModelSpec;
  side: ModelSide;
  volume: number;
  openPrice: number;
  closePrice: number;
  rate: Fraction;
}): number {
  const sign = a.side === 'buy' ? 1n : -1n;
  const top =
    sign * BigInt(a.closePrice - a.openPrice) * BigInt(a.volume) * BigInt(a.spec.contract);
  return toSafe(roundHalfAway(mul(frac(top, pow10(a.spec.digits)), a.rate)));
}

/** §11.13: R½(n × C × rate × k × R_T / (100 × 10^digits)) cents, rounded after the multiplier. */
export function swapCents(a: {
  spec: ModelSpec;
  volume: number;
  rateHundredths: number;
  multiplier: number;
  rate: Fraction;
}): number {
  const top =
    BigInt(a.volume) * BigInt(a.spec.contract) * BigInt(a.rateHundredths) * BigInt(a.multiplier);
  return toSafe(roundHalfAway(mul(frac(top, 100n * pow10(a.spec.digits)), a.rate)));
}

/** The price a position opens at (buy at ask, sell at bid) and closes at (the other side). */
export const openSidePrice = (side: ModelSide, q: { bid: number; ask: number }): number =>
  side === 'buy' ? q.ask : q.bid;
export const closeSidePrice = (side: ModelSide, q: { bid: number; ask: number }): number =>
  side === 'buy' ? q.bid : q.ask;

export interface ModelFigures {
  balance: number;
  equity: number;
  usedMargin: number;
  freeMargin: number;
  marginLevel: string | null;
  withdrawable: number;
  marginCall: boolean;
  stopOut: boolean;
}

/** "18173.05": equity × 100 / used, truncated to 2 decimals (toward zero). */
export function marginLevelText(equity: number, used: number): string | null {
  if (used === 0) return null;
  const hundredths = truncate(frac(BigInt(equity) * 100n * 100n, BigInt(used)));
  const negative = hundredths < 0n;
  const digits = String(negative ? -hundredths : hundredths).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** §11.5 and §11.12's thresholds, from the balance and each position's margin and floating P/L. */
export function figures(
  balance: number,
  positions: readonly { margin: number; floating: number }[],
): ModelFigures {
  const equity = positions.reduce((sum, p) => sum + p.floating, balance);
  const usedMargin = positions.reduce((sum, p) => sum + p.margin, 0);
  const freeMargin = equity - usedMargin;
  return {
    balance,
    equity,
    usedMargin,
    freeMargin,
    marginLevel: marginLevelText(equity, usedMargin),
    withdrawable: Math.max(0, Math.min(balance, freeMargin)),
    marginCall: usedMargin > 0 && equity <= usedMargin,
    stopOut: usedMargin > 0 && 5 * equity <= usedMargin,
  };
}
