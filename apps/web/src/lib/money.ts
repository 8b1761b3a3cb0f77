import { formatCents, parseDollars, type Cents } from '@brokerdesk/shared';

/**
 * The seed-compatible endpoints send dollars as numbers with at most two decimals. They are
 * read through the shared parser (no float arithmetic) and formatted by the shared formatter.
 * A value that is not a valid amount is a contract violation and throws.
 */
export function dollarsToCents(dollars: number): Cents {
  const negative = dollars < 0 || Object.is(dollars, -0);
  const parsed = parseDollars(Math.abs(dollars));
  if (!parsed.ok) throw new RangeError(`not a dollar amount: ${dollars} (${parsed.reason})`);
  return negative && parsed.cents !== 0 ? -parsed.cents : parsed.cents;
}

/** 12.5 → "$12.50" */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
