// Formatting cents for people and for the origin-compatible responses: the part of the money
// helpers public pages need (plan prices), in a module of its own so a public page does not
// download parsing and percentages with it (docs/decisions/003, the JavaScript budget).
/** An integer number of cents (money.ts's Cents). */
type Cents = number;

export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`not an integer number of cents: ${cents}`);
}

/** Cents as a dollar number for the seed-compatible responses (at most two decimals). */
export function centsToDollars(cents: Cents): number {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return Number(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/**
 * The minus sign people read (U+2212), not the hyphen Intl prints: it lines up with "+" and
 * the digits, and screen readers say "minus" where they may say "dash" or nothing for "-".
 */
export const MINUS_SIGN = '\u2212';

/** "$1,234.50" and "−$3.00" — for people. */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const text = usd.format(centsToDollars(Math.abs(cents)));
  return cents < 0 ? `${MINUS_SIGN}${text}` : text;
}
