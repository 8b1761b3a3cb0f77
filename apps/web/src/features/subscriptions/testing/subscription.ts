import type { Subscription } from '@brokerdesk/shared';

/** An active Basic plan ($1,000.00, $100.00 bonus, 7 days from 03-03-2026), with `overrides`. */
export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    planId: 'basic',
    planName: 'Basic',
    amountMinor: 100_000,
    bonusMinor: 10_000,
    profitPercent: 0,
    durationDays: 7,
    status: 'Active',
    startDate: '2026-03-03',
    endDate: '2026-03-10',
    ...overrides,
  };
}
