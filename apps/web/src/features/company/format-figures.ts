import { centsToDollars } from '@brokerdesk/shared';

/** "54.6%" with a fixed locale, so pre-rendered HTML never depends on the build machine. */
export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value)}%`;
}

/** 30000 cents → "300" (whole units, fixed locale). */
export function formatWholeAmount(cents: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(centsToDollars(cents));
}
