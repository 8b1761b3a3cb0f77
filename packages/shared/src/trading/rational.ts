// Exact rational arithmetic on BigInt for the trading rules (docs/product.md §11.1). Every money and
// price formula is evaluated as one fraction and rounded once, where the spec says.

/** num / den with den > 0. Not necessarily reduced. */
export interface Rational {
  num: bigint;
  den: bigint;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('Rational with a zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return { num: n, den: d };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The same value with num and den coprime (keeps long products small). */
export function reduce(r: Rational): Rational {
  const g = gcd(r.num, r.den);
  return g <= 1n ? r : { num: r.num / g, den: r.den / g };
}

export function mulR(a: Rational, b: Rational): Rational {
  return reduce({ num: a.num * b.num, den: a.den * b.den });
}

export function divR(a: Rational, b: Rational): Rational {
  return reduce(rational(a.num * b.den, a.den * b.num));
}

export function addR(a: Rational, b: Rational): Rational {
  return reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
}

export function compareR(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Largest integer ≤ r. */
export function floorRational(r: Rational): bigint {
  const q = r.num / r.den; // truncates toward zero
  return r.num < 0n && q * r.den !== r.num ? q - 1n : q;
}

/** Smallest integer ≥ r (margin rounds up, docs/product.md §11.7). */
export function ceilRational(r: Rational): bigint {
  return -floorRational({ num: -r.num, den: r.den });
}

/** R½: the nearest integer, halves away from zero (P/L and swaps, docs/product.md §11.1). */
export function roundHalfAwayFromZero(r: Rational): bigint {
  const negative = r.num < 0n;
  const abs = negative ? -r.num : r.num;
  const rounded = (2n * abs + r.den) / (2n * r.den);
  return negative ? -rounded : rounded;
}

/** A plain decimal string ("1.115125", "-3", "0.5") as an exact rational; null otherwise. */
export function parseDecimalRational(text: string): Rational | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  const num = BigInt(`${m[2]}${fraction}`);
  return { num: m[1] === '-' ? -num : num, den: 10n ** BigInt(fraction.length) };
}

/** A bigint result as a JS number; throws if it is not a safe integer (a bug, not input). */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Trading figure ${value} is outside the safe integer range`);
  }
  return Number(value);
}
