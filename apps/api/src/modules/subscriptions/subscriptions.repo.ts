// SQL for clients' plans. Every function takes the database or transaction handle first.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { clients, subscriptions } from '../../db/schema.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

const LIST_LIMIT = 200;

const subscriptionsNewestFirst = preparedQuery((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.clientId, sql.placeholder('clientId')))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(sql.placeholder('limit'))
    .prepare('subscriptions_newest_first'),
);

/** The client's plans, newest first (every dashboard reads them, hence prepared). */
export async function findSubscriptionsNewestFirst(
  db: Db,
  clientId: string,
  limit = LIST_LIMIT,
): Promise<SubscriptionRow[]> {
  return subscriptionsNewestFirst(db, { clientId, limit });
}

export async function findSubscriptionByIdempotencyKey(
  db: Db,
  createdBy: string,
  key: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.createdBy, createdBy), eq(subscriptions.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function insertSubscription(
  db: Db,
  row: NewSubscriptionRow,
): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  if (!inserted) throw new Error('insert into subscriptions returned no row');
  return inserted;
}

/** Links the plan to the statement line of its price (the line links back). */
export async function setPurchaseTransaction(
  db: Db,
  subscriptionId: string,
  purchaseTransactionId: string,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ purchaseTransactionId })
    .where(eq(subscriptions.id, subscriptionId));
}

export async function clientExists(db: Db, clientId: string): Promise<boolean> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return client !== undefined;
}
