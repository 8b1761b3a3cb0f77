// The popup's event sources. Each query returns only what may be shown to any visitor: the
// kind, a country and a time (docs/product.md §1.1) — never a name, an e-mail, an id or an amount.
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { ActivityEvent } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { clients, subscriptions } from '../../db/schema.js';

/** Events at or after `since`, newest first, at most `limit`. */
export type ActivitySource = (db: Db, since: Date, limit: number) => Promise<ActivityEvent[]>;

/** New client accounts (served by clients_created_at_idx). */
export const findAccountOpenings: ActivitySource = async (db, since, limit) => {
  const rows = await db
    .select({ country: clients.country, createdAt: clients.createdAt })
    .from(clients)
    .where(gte(clients.createdAt, since))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit);
  return rows.map((row) => ({
    kind: 'account-opened' as const,
    country: row.country,
    at: row.createdAt.toISOString(),
  }));
};

/**
 * Plans clients bought from the catalogue (served by subscriptions_created_idx). Plans staff
 * created by hand are left out: their names are free text and may identify someone.
 */
export const findPlanSubscriptions: ActivitySource = async (db, since, limit) => {
  const rows = await db
    .select({
      country: clients.country,
      planName: subscriptions.planName,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .where(and(gte(subscriptions.createdAt, since), isNotNull(subscriptions.planId)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit);
  return rows.map((row) => ({
    kind: 'plan-subscribed' as const,
    country: row.country,
    at: row.createdAt.toISOString(),
    planName: row.planName,
  }));
};

export const ACTIVITY_SOURCES: readonly ActivitySource[] = [
  findAccountOpenings,
  findPlanSubscriptions,
];
