// Trading SQL. Every function takes the database or transaction handle first. Locks follow
// §11.15: the trading account row first, then its positions and orders, then ledger rows.
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  tradingAccounts,
  tradingDeals,
  tradingOrders,
  tradingPositions,
  tradingRequests,
} from '../../db/schema.js';
import type { TradingAccountKind } from '../../db/schema.js';

export type AccountRow = typeof tradingAccounts.$inferSelect;
export type OrderRow = typeof tradingOrders.$inferSelect;
export type NewOrderRow = typeof tradingOrders.$inferInsert;
export type PositionRow = typeof tradingPositions.$inferSelect;
export type NewPositionRow = typeof tradingPositions.$inferInsert;
export type DealRow = typeof tradingDeals.$inferSelect;
export type NewDealRow = typeof tradingDeals.$inferInsert;
export type RequestRow = typeof tradingRequests.$inferSelect;

// ---- accounts ----

export async function insertAccount(
  db: Db,
  row: { clientId: string; kind: TradingAccountKind; balanceMinor: number; createdAt: Date },
): Promise<AccountRow | null> {
  const [inserted] = await db.insert(tradingAccounts).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findAccountOfClient(
  db: Db,
  clientId: string,
  id: string,
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.id, id), eq(tradingAccounts.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

export async function findOpenAccountOfKind(
  db: Db,
  clientId: string,
  kind: TradingAccountKind,
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(
      and(
        eq(tradingAccounts.clientId, clientId),
        eq(tradingAccounts.kind, kind),
        eq(tradingAccounts.status, 'open'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listAccountsOfClient(db: Db, clientId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.clientId, clientId))
    .orderBy(asc(tradingAccounts.createdAt), asc(tradingAccounts.id));
}

export async function lockAccount(db: Db, id: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Demo only: moves the stored balance (the row is locked). */
export async function addToDemoBalance(db: Db, id: string, deltaMinor: number): Promise<void> {
  if (deltaMinor === 0) return;
  await db
    .update(tradingAccounts)
    .set({
      balanceMinor: sql`${tradingAccounts.balanceMinor} + ${deltaMinor}`,
      version: sql`${tradingAccounts.version} + 1`,
    })
    .where(and(eq(tradingAccounts.id, id), eq(tradingAccounts.kind, 'demo')));
}

export async function archiveAccount(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(tradingAccounts)
    .set({ status: 'archived', archivedAt: at, version: sql`${tradingAccounts.version} + 1` })
    .where(and(eq(tradingAccounts.id, id), eq(tradingAccounts.status, 'open')));
}

// ---- idempotency ----

export async function findRequest(
  db: Db,
  accountId: string,
  key: string,
): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(tradingRequests)
    .where(and(eq(tradingRequests.accountId, accountId), eq(tradingRequests.key, key)))
    .limit(1);
  return row ?? null;
}

export async function insertRequest(
  db: Db,
  row: { accountId: string; key: string; fingerprint: string; statusCode: number; body: unknown },
): Promise<void> {
  await db.insert(tradingRequests).values(row).onConflictDoNothing();
}

// ---- orders ----

export async function insertOrder(db: Db, row: NewOrderRow): Promise<OrderRow> {
  const [inserted] = await db.insert(tradingOrders).values(row).returning();
  if (!inserted) throw new Error('order insert returned nothing');
  return inserted;
}

export async function findOrderForUpdate(
  db: Db,
  accountId: string,
  id: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.id, id), eq(tradingOrders.accountId, accountId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Changes a pending order; null when it is no longer pending (a racer got there first). */
export async function updatePendingOrder(
  db: Db,
  id: number,
  set: Partial<NewOrderRow>,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(tradingOrders)
    .set(set)
    .where(and(eq(tradingOrders.id, id), eq(tradingOrders.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function listOrders(
  db: Db,
  accountId: string,
  which: 'pending' | 'history' | 'all',
): Promise<OrderRow[]> {
  const o = tradingOrders;
  const filter =
    which === 'pending'
      ? eq(o.status, 'pending')
      : which === 'history'
        ? ne(o.status, 'pending')
        : undefined;
  return db
    .select()
    .from(o)
    .where(and(eq(o.accountId, accountId), filter))
    .orderBy(which === 'pending' ? asc(o.id) : desc(o.id))
    .limit(500);
}

export async function lockPendingOrdersOf(db: Db, accountId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.accountId, accountId), eq(tradingOrders.status, 'pending')))
    .orderBy(asc(tradingOrders.id))
    .for('update');
}

/** The pending OCO partners of an order (unlinked orders have none). */
export async function findPendingPartners(
  db: Db,
  ocoGroupId: string,
  exceptId: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(tradingOrders)
    .where(
      and(
        eq(tradingOrders.ocoGroupId, ocoGroupId),
        ne(tradingOrders.id, exceptId),
        eq(tradingOrders.status, 'pending'),
      ),
    )
    .for('update');
}

/** Pending orders whose expiry has come (§11.8: a timer marks them expired). */
export async function findDueOrders(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(tradingOrders)
    .where(
      and(
        eq(tradingOrders.status, 'pending'),
        isNotNull(tradingOrders.expiresAt),
        lte(tradingOrders.expiresAt, now),
      ),
    )
    .orderBy(asc(tradingOrders.id))
    .limit(limit);
}

// ---- positions ----

export async function insertPosition(db: Db, row: NewPositionRow): Promise<PositionRow> {
  const [inserted] = await db.insert(tradingPositions).values(row).returning();
  if (!inserted) throw new Error('position insert returned nothing');
  return inserted;
}

export async function findPositionForUpdate(
  db: Db,
  accountId: string,
  id: number,
): Promise<PositionRow | null> {
  const [row] = await db
    .select()
    .from(tradingPositions)
    .where(and(eq(tradingPositions.id, id), eq(tradingPositions.accountId, accountId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Changes an open position at the version read; null when a racer changed it first. */
export async function updateOpenPosition(
  db: Db,
  id: number,
  version: number,
  set: Partial<NewPositionRow>,
): Promise<PositionRow | null> {
  const [row] = await db
    .update(tradingPositions)
    .set({ ...set, version: version + 1 })
    .where(
      and(
        eq(tradingPositions.id, id),
        eq(tradingPositions.status, 'open'),
        eq(tradingPositions.version, version),
      ),
    )
    .returning();
  return row ?? null;
}

export async function listOpenPositions(db: Db, accountId: string): Promise<PositionRow[]> {
  return db
    .select()
    .from(tradingPositions)
    .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.status, 'open')))
    .orderBy(asc(tradingPositions.id));
}

export async function lockOpenPositions(db: Db, accountId: string): Promise<PositionRow[]> {
  return db
    .select()
    .from(tradingPositions)
    .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.status, 'open')))
    .orderBy(asc(tradingPositions.id))
    .for('update');
}

// ---- deals ----

/** Inserts a deal unless its key exists (re-processing doubles nothing); null on a repeat. */
export async function insertDeal(db: Db, row: NewDealRow): Promise<DealRow | null> {
  const [inserted] = await db.insert(tradingDeals).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function setDealTransfer(db: Db, id: number, transferId: string): Promise<void> {
  await db.update(tradingDeals).set({ transferId }).where(eq(tradingDeals.id, id));
}

/** A page of deals, newest first, below the cursor (a deal id). */
export async function listDeals(
  db: Db,
  accountId: string,
  { before, limit }: { before: number | null; limit: number },
): Promise<DealRow[]> {
  return db
    .select()
    .from(tradingDeals)
    .where(
      and(
        eq(tradingDeals.accountId, accountId),
        before === null ? undefined : lt(tradingDeals.id, before),
      ),
    )
    .orderBy(desc(tradingDeals.id))
    .limit(limit);
}

export async function findDealsByIds(db: Db, ids: number[]): Promise<DealRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(tradingDeals).where(inArray(tradingDeals.id, ids));
}
