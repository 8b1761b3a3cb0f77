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

/** "$1,234.50" — for people. */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  return usd.format(centsToDollars(cents));
}
