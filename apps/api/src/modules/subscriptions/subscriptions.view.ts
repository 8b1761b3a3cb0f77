// Plans as callers see them: the portal's shape (cents) and the seed's dashboard shape
// (dollars). Pure functions, no database.
import { centsToDollars } from '@brokerdesk/shared';
import type { DashboardSubscription, Subscription } from '@brokerdesk/shared';
import type { SubscriptionRow } from './subscriptions.repo.js';

/** Active until the end date, then Completed — unless staff gave another status. */
function statusOf(row: SubscriptionRow, now: Date): string {
  return row.statusOverride ?? (now < row.endAt ? 'Active' : 'Completed');
}

export function toSubscription(row: SubscriptionRow, now: Date): Subscription {
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    amountMinor: row.amountMinor,
    bonusMinor: row.bonusMinor,
    profitPercent: row.profitPercentBp / 100,
    durationDays: row.durationDays,
    status: statusOf(row, now),
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
  };
}

/** The seed's `userInfo.subscriptions` entry (dollars). */
export function toDashboardSubscription(row: SubscriptionRow, now: Date): DashboardSubscription {
  return {
    _id: row.id,
    planName: row.planName,
    amount: centsToDollars(row.amountMinor),
    profitPercent: row.profitPercentBp / 100,
    duration: row.durationDays,
    status: statusOf(row, now),
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
  };
}
