// Money is an integer number of cents everywhere in code and storage. Dollars exist only at
// the edge: parsed from their decimal string form, and formatted for people or seed responses.
export type Cents = number;

import { assertCents } from './money-format.js';

export { assertCents, centsToDollars, formatCents, MINUS_SIGN } from './money-format.js';

/** The largest amount a single request may carry: $10,000,000. */
export const MAX_AMOUNT_CENTS: Cents = 1_000_000_000;

const DOLLARS_PATTERN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export type ParseDollarsResult =
  { ok: true; cents: Cents } | { ok: false; reason: 'format' | 'too-many-decimals' | 'too-large' };

/**
 * Parses a dollar amount from its decimal string ("12", "12.5", "12.50") into cents without
 * going through a float. Rejects signs, exponents, more than two decimals and amounts over
 * MAX_AMOUNT_CENTS. A number input is read through its shortest string form.
 */
export function parseDollars(input: string | number): ParseDollarsResult {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  if (text === null) return { ok: false, reason: 'format' };
  if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'too-many-decimals' };
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return { ok: false, reason: /^\d{10,}(\.\d*)?$/.test(text) ? 'too-large' : 'format' };
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, reason: 'too-large' };
  return { ok: true, cents };
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  // String(1e21) is exponent notation: such a number is out of range anyway.
  return /e/i.test(text) ? null : text;
}

/**
 * A percentage of an amount, with the percentage in basis points (10% = 1000 bp).
 * Rounds half away from zero to the cent, in integer arithmetic.
 */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  assertCents(cents);
  if (!Number.isInteger(basisPoints)) throw new TypeError('basis points must be an integer');
  const product = BigInt(cents) * BigInt(basisPoints);
  const divisor = 10_000n;
  const quotient = product / divisor;
  const remainder = product % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const rounded = twice >= divisor ? quotient + (product < 0n ? -1n : 1n) : quotient;
  return Number(rounded);
}
