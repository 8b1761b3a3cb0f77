// Trading SQL. Every function takes the database or transaction handle first. Locks follow
// §11.15: the trading account row first, then its positions and orders, then ledger rows.
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  tradingAccounts,
  tradingDeals,
  tradingEvaluatorCursor,
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

/** A tick as the candidate queries take it (integer points, its time). */
export interface CandidateTick {
  seq: number;
  symbol: string;
  bid: number;
  ask: number;
  timeMs: number;
}

/** What a batch of ticks may reach: (tick seq, row id) pairs in tick order, then id order. */
export interface Candidate {
  seq: number;
  id: number;
  accountId: string;
}

function tickTable(ticks: readonly CandidateTick[]): SQL {
  return sql`unnest(
    ${sql.param(ticks.map((t) => String(t.seq)))}::bigint[],
    ${sql.param(ticks.map((t) => t.symbol))}::text[],
    ${sql.param(ticks.map((t) => String(t.bid)))}::bigint[],
    ${sql.param(ticks.map((t) => String(t.ask)))}::bigint[],
    ${sql.param(ticks.map((t) => new Date(t.timeMs).toISOString()))}::timestamptz[]
  ) as t(seq, symbol, bid, ask, time)`;
}

interface CandidateRow extends Record<string, unknown> {
  seq: string | number;
  id: string | number;
  account_id: string;
}

async function candidatesOf(db: Db, query: SQL): Promise<Candidate[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: CandidateRow[] };
  return rows.map((row) => ({
    seq: Number(row.seq),
    id: Number(row.id),
    accountId: row.account_id,
  }));
}

/**
 * Pending orders each tick of a batch triggers (§11.8 table), one query for the batch: buy
 * limit ask ≤ price, buy stop ask ≥ price, sell limit bid ≥ price, sell stop bid ≤ price. Each
 * arm is a range scan of the partial index per tick. Only ticks after the one the order was
 * armed at count, and an order expired at the tick's time never triggers.
 */
export async function findTriggeredOrders(
  db: Db,
  ticks: readonly CandidateTick[],
): Promise<Candidate[]> {
  if (ticks.length === 0) return [];
  const arm = (side: 'buy' | 'sell', type: 'limit' | 'stop', crossed: SQL) => sql`
    select t.seq, o.id, o.account_id
    from ${tickTable(ticks)}
    join trading_orders o
      on o.symbol = t.symbol and o.status = 'pending' and o.side = ${side} and o.type = ${type}
      and ${crossed} and o.armed_seq < t.seq
      and (o.expires_at is null or o.expires_at > t.time)`;
  return candidatesOf(
    db,
    sql`
    ${arm('buy', 'limit', sql`o.price >= t.ask`)}
    union all ${arm('buy', 'stop', sql`o.price <= t.ask`)}
    union all ${arm('sell', 'limit', sql`o.price <= t.bid`)}
    union all ${arm('sell', 'stop', sql`o.price >= t.bid`)}
    order by 1, 2`,
  );
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

/**
 * Open positions each tick of a batch reaches (§11.9 step 2), one query for the batch: a stop
 * loss or take profit the close-side price crossed, or a trailing stop the price would move.
 * Each arm is a range scan of its partial index per tick; only ticks after the one the stops
 * were armed at (the open, or their last change by the client) count.
 */
export async function findStopCandidates(
  db: Db,
  ticks: readonly CandidateTick[],
): Promise<Candidate[]> {
  if (ticks.length === 0) return [];
  const arm = (side: 'buy' | 'sell', reached: SQL) => sql`
    select t.seq, p.id, p.account_id
    from ${tickTable(ticks)}
    join trading_positions p
      on p.symbol = t.symbol and p.status = 'open' and p.side = ${side}
      and ${reached} and p.stops_armed_seq < t.seq`;
  return candidatesOf(
    db,
    sql`
    select distinct seq, id, account_id from (
      ${arm('buy', sql`p.sl is not null and p.sl >= t.bid`)}
      union all ${arm('buy', sql`p.tp is not null and p.tp <= t.bid`)}
      union all ${arm('sell', sql`p.sl is not null and p.sl <= t.ask`)}
      union all ${arm('sell', sql`p.tp is not null and p.tp >= t.ask`)}
      union all ${arm('buy', sql`p.trailing_points is not null and (p.sl is null or t.bid - p.trailing_points > p.sl)`)}
      union all ${arm('sell', sql`p.trailing_points is not null and (p.sl is null or t.ask + p.trailing_points < p.sl)`)}
    ) reached
    order by seq, id`,
  );
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

// ---- evaluator cursor ----

export async function readCursor(db: Db): Promise<number> {
  const [row] = await db
    .select({ lastSeq: tradingEvaluatorCursor.lastSeq })
    .from(tradingEvaluatorCursor)
    .where(eq(tradingEvaluatorCursor.id, 1));
  return row?.lastSeq ?? 0;
}

/** Moves the cursor forward only (a stale writer never moves it back). */
export async function advanceCursor(db: Db, seq: number, at: Date): Promise<void> {
  await db
    .insert(tradingEvaluatorCursor)
    .values({ id: 1, lastSeq: seq, updatedAt: at })
    .onConflictDoUpdate({
      target: tradingEvaluatorCursor.id,
      set: {
        lastSeq: sql`greatest(${tradingEvaluatorCursor.lastSeq}, excluded.last_seq)`,
        updatedAt: at,
      },
    });
}
