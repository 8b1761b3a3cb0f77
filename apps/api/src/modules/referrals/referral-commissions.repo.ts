// SQL for referral commissions (decision 110): writing and locking them, the cap's sum, the
// worker's due list and the lists the referrer and staff read.
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { clientTransactions, clients, referralCommissions } from '../../db/schema.js';
import type { ReferralCommissionStateValue } from '../../db/schema.js';

export type CommissionRow = typeof referralCommissions.$inferSelect;
export type NewCommissionRow = typeof referralCommissions.$inferInsert;

const c = referralCommissions;
/** Not yet paid, so still voidable: pending (waiting for its date) or held (for staff). */
const OPEN_STATES: ReferralCommissionStateValue[] = ['pending', 'held'];

/** Who referred the client (null: nobody, or the client is unknown). */
export async function findReferrerOf(db: Db, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({ referredBy: clients.referredBy })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.referredBy ?? null;
}

export async function insertCommission(db: Db, row: NewCommissionRow): Promise<CommissionRow> {
  const [inserted] = await db.insert(c).values(row).returning();
  if (!inserted) throw new Error('insert into referral_commissions returned no row');
  return inserted;
}

export async function updateCommission(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      NewCommissionRow,
      | 'state'
      | 'signals'
      | 'releasedAt'
      | 'voidedAt'
      | 'voidCause'
      | 'reviewedBy'
      | 'reviewedAt'
      | 'reviewReason'
    >
  >,
): Promise<CommissionRow> {
  const [row] = await db.update(c).set(changes).where(eq(c.id, id)).returning();
  if (!row) throw new Error(`referral commission ${id} vanished while updating`);
  return row;
}

/**
 * What one referred client has earned their referrer so far, pending, held and released (voided
 * ones do not count): the cap is measured against it. The caller holds the client's cash
 * account lock, so two confirmations for one client cannot both fit under the cap.
 */
export async function sumCountedForReferred(db: Db, referredId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`cast(coalesce(sum(${c.amountMinor}), 0) as bigint)`.mapWith(Number),
    })
    .from(c)
    .where(and(eq(c.referredId, referredId), sql`${c.state} <> 'voided'`));
  return row?.total ?? 0;
}

export async function findCommission(db: Db, id: string): Promise<CommissionRow | null> {
  const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
  return row ?? null;
}

/** Locks one commission row (after its transfer's accounts: the lock order of referral-port.ts). */
export async function lockCommission(db: Db, id: string): Promise<CommissionRow | null> {
  const [row] = await db.select().from(c).where(eq(c.id, id)).for('update');
  return row ?? null;
}

/**
 * Open commissions on a referred client that a withdrawal requested at `requestedAt` voids:
 * those whose release date had not come when it was asked for. `lock` takes their rows.
 */
export function findVoidableByWithdrawal(
  db: Db,
  referredId: string,
  requestedAt: Date,
  lock: boolean,
): Promise<CommissionRow[]> {
  const query = db
    .select()
    .from(c)
    .where(
      and(
        eq(c.referredId, referredId),
        inArray(c.state, OPEN_STATES),
        gt(c.releaseAt, requestedAt),
      ),
    )
    .orderBy(asc(c.id));
  return lock ? query.for('update') : query;
}

/** The open commission a deposit earned (at most one). `lock` takes its row. */
export function findVoidableByReversal(
  db: Db,
  depositId: string,
  lock: boolean,
): Promise<CommissionRow[]> {
  const query = db
    .select()
    .from(c)
    .where(and(eq(c.depositId, depositId), inArray(c.state, OPEN_STATES)))
    .orderBy(asc(c.id));
  return lock ? query.for('update') : query;
}

/** The referred client has a withdrawal request waiting for staff: release waits for it. */
const withdrawalOpen = sql<boolean>`exists (select 1 from ${clientTransactions} where ${clientTransactions.clientId} = ${c.referredId} and ${clientTransactions.type} = 'withdrawal' and ${clientTransactions.status} = 'pending')`;

export async function hasOpenWithdrawal(db: Db, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clientTransactions.id })
    .from(clientTransactions)
    .where(
      and(
        eq(clientTransactions.clientId, clientId),
        eq(clientTransactions.type, 'withdrawal'),
        eq(clientTransactions.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The worker's batch: pending commissions whose date has come and whose client has no withdrawal open. */
export function findDueCommissions(db: Db, now: Date, limit: number) {
  return db
    .select({ id: c.id, transferId: c.transferId })
    .from(c)
    .where(and(eq(c.state, 'pending'), lte(c.releaseAt, now), sql`not ${withdrawalOpen}`))
    .orderBy(asc(c.releaseAt), asc(c.id))
    .limit(limit);
}

const referrer = alias(clients, 'referrer');
const referred = alias(clients, 'referred');

/** A commission with both clients' names and whether a withdrawal holds its release back. */
function selectViews(db: Db) {
  return db
    .select({
      commission: c,
      referrerName: sql<string>`${referrer.firstName} || ' ' || ${referrer.lastName}`,
      referredName: sql<string>`${referred.firstName} || ' ' || ${referred.lastName}`,
      referredEmail: referred.email,
      withdrawalOpen,
    })
    .from(c)
    .innerJoin(referrer, eq(referrer.id, c.referrerId))
    .innerJoin(referred, eq(referred.id, c.referredId));
}

export type CommissionView = NonNullable<Awaited<ReturnType<typeof findCommissionView>>>;

export async function findCommissionView(db: Db, id: string) {
  const [row] = await selectViews(db).where(eq(c.id, id)).limit(1);
  return row ?? null;
}

/** Newest first: what one referrer earned (the referral page). */
export function findCommissionsOfReferrer(db: Db, referrerId: string, limit: number) {
  return selectViews(db)
    .where(eq(c.referrerId, referrerId))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}

/** Newest first, for staff: by state, and by client on either side. */
export function findCommissionsForStaff(
  db: Db,
  filters: { state?: ReferralCommissionStateValue | undefined; clientId?: string | undefined },
  limit: number,
) {
  return selectViews(db)
    .where(
      and(
        filters.state ? eq(c.state, filters.state) : undefined,
        filters.clientId
          ? sql`(${c.referrerId} = ${filters.clientId} or ${c.referredId} = ${filters.clientId})`
          : undefined,
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}

/** What a referrer has waiting (pending and held) and has been paid, over every commission. */
export async function sumCommissionsOfReferrer(db: Db, referrerId: string) {
  const sumWhere = (states: string) =>
    sql<number>`cast(coalesce(sum(${c.amountMinor}) filter (where ${c.state} in (${sql.raw(states)})), 0) as bigint)`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      pendingMinor: sumWhere(`'pending', 'held'`),
      releasedMinor: sumWhere(`'released'`),
    })
    .from(c)
    .where(eq(c.referrerId, referrerId));
  return row ?? { pendingMinor: 0, releasedMinor: 0 };
}
