// The model's own exact arithmetic: fractions of BigInts, always reduced, denominator > 0.
// Written apart from @brokerdesk/shared/trading on purpose (decision 123): a shared mistake in
// rounding would otherwise agree with itself.

export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  let num = BigInt(n);
  let den = BigInt(d);
  if (den === 0n) throw new Error('division by zero in the trading model');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return g > 1n ? { n: num / g, d: den / g } : { n: num, d: den };
}

export const ZERO = frac(0);
export const ONE = frac(1);

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d, a.d * b.n);

/** -1, 0 or 1 as a − b is negative, zero or positive. */
export function compare(a: Fraction, b: Fraction): number {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** ⌊x⌋ */
export function floor(x: Fraction): bigint {
  const q = x.n / x.d; // BigInt division truncates toward zero
  return x.n < 0n && q * x.d !== x.n ? q - 1n : q;
}

/** ⌈x⌉ */
export function ceil(x: Fraction): bigint {
  return -floor(frac(-x.n, x.d));
}

/** Toward zero. */
export function truncate(x: Fraction): bigint {
  return x.n / x.d;
}

/** R½: to the nearest whole number, halves away from zero. */
export function roundHalfAway(x: Fraction): bigint {
  const magnitude = frac(x.n < 0n ? -x.n : x.n, x.d);
  const rounded = floor(add(magnitude, frac(1, 2)));
  return x.n < 0n ? -rounded : rounded;
}

/** A safe JavaScript integer from a BigInt, or a loud failure (money must never lose a cent). */
export function toSafe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new Error(`trading model: ${value} is beyond a safe integer`);
  }
  return Number(value);
}
