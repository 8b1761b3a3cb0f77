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

/**
 * What a batch of ticks spans on one symbol: the candidate queries ask which rows any of its
 * ticks may reach, one range probe per symbol and kind whatever the batch's size; the evaluator
 * then finds, with the shared rules, the first tick that does reach each row.
 */
export interface SymbolRange {
  symbol: string;
  minBid: number;
  maxBid: number;
  minAsk: number;
  maxAsk: number;
  /** The batch's last seq on the symbol: rows armed at or after it cannot be reached. */
  lastSeq: number;
}

const RANGE_COLUMNS = [
  ['symbol', 'text'],
  ['minBid', 'bigint'],
  ['maxBid', 'bigint'],
  ['minAsk', 'bigint'],
  ['maxAsk', 'bigint'],
  ['lastSeq', 'bigint'],
] as const;

/** The ranges as a table `b(symbol, min_bid, max_bid, min_ask, max_ask, last_seq)`. */
function rangeTable(ranges: readonly SymbolRange[]): SQL {
  const columns = RANGE_COLUMNS.map(
    ([key, type]) => sql`${sql.param(ranges.map((r) => String(r[key])))}::${sql.raw(type)}[]`,
  );
  return sql`unnest(${sql.join(columns, sql`, `)})
    as b(symbol, min_bid, max_bid, min_ask, max_ask, last_seq)`;
}

export interface OrderCandidate {
  id: number;
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'stop';
  price: number;
  armedSeq: number;
  expiresAtMs: number | null;
}

interface OrderCandidateRow extends Record<string, unknown> {
  id: string | number;
  account_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'stop';
  price: string | number;
  armed_seq: string | number;
  expires_ms: string | number | null;
}

/**
 * Pending orders some tick of the batch may trigger (§11.8 table: buy limit ask ≤ price, buy
 * stop ask ≥ price, sell limit bid ≥ price, sell stop bid ≤ price), tested against the batch's
 * extremes per symbol: each arm is one range scan of the partial index per symbol.
 */
export async function findOrdersInRange(
  db: Db,
  ranges: readonly SymbolRange[],
): Promise<OrderCandidate[]> {
  if (ranges.length === 0) return [];
  const arm = (side: 'buy' | 'sell', type: 'limit' | 'stop', reached: SQL) => sql`
    select o.id, o.account_id, o.symbol, o.side, o.type, o.price, o.armed_seq,
      (extract(epoch from o.expires_at) * 1000)::bigint as expires_ms
    from ${rangeTable(ranges)}
    join trading_orders o
      on o.symbol = b.symbol and o.status = 'pending' and o.side = ${side} and o.type = ${type}
      and ${reached} and o.armed_seq < b.last_seq`;
  const { rows } = (await db.execute(sql`
    ${arm('buy', 'limit', sql`o.price >= b.min_ask`)}
    union all ${arm('buy', 'stop', sql`o.price <= b.max_ask`)}
    union all ${arm('sell', 'limit', sql`o.price <= b.max_bid`)}
    union all ${arm('sell', 'stop', sql`o.price >= b.min_bid`)}`)) as unknown as {
    rows: OrderCandidateRow[];
  };
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price: Number(row.price),
    armedSeq: Number(row.armed_seq),
    expiresAtMs: row.expires_ms === null ? null : Number(row.expires_ms),
  }));
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

export interface PositionCandidate {
  id: number;
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  sl: number | null;
  tp: number | null;
  trailingPoints: number | null;
  stopsArmedSeq: number;
}

interface PositionCandidateRow extends Record<string, unknown> {
  id: string | number;
  account_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  sl: string | number | null;
  tp: string | number | null;
  trailing_points: number | null;
  stops_armed_seq: string | number;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * Open positions some tick of the batch may reach (§11.9 step 2): a stop loss or take profit
 * inside the batch's close-side range on the symbol, or a trailing stop its best price would
 * move. Each arm is one range scan of its partial index per symbol.
 */
export async function findPositionsInRange(
  db: Db,
  ranges: readonly SymbolRange[],
): Promise<PositionCandidate[]> {
  if (ranges.length === 0) return [];
  const arm = (side: 'buy' | 'sell', reached: SQL) => sql`
    select p.id, p.account_id, p.symbol, p.side, p.sl, p.tp, p.trailing_points,
      p.stops_armed_seq
    from ${rangeTable(ranges)}
    join trading_positions p
      on p.symbol = b.symbol and p.status = 'open' and p.side = ${side}
      and ${reached} and p.stops_armed_seq < b.last_seq`;
  const { rows } = (await db.execute(sql`
    ${arm('buy', sql`p.sl is not null and p.sl >= b.min_bid`)}
    union ${arm('buy', sql`p.tp is not null and p.tp <= b.max_bid`)}
    union ${arm('sell', sql`p.sl is not null and p.sl <= b.max_ask`)}
    union ${arm('sell', sql`p.tp is not null and p.tp >= b.min_ask`)}
    union ${arm('buy', sql`p.trailing_points is not null and (p.sl is null or b.max_bid - p.trailing_points > p.sl)`)}
    union ${arm('sell', sql`p.trailing_points is not null and (p.sl is null or b.min_ask + p.trailing_points < p.sl)`)}`)) as unknown as {
    rows: PositionCandidateRow[];
  };
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    symbol: row.symbol,
    side: row.side,
    sl: numberOrNull(row.sl),
    tp: numberOrNull(row.tp),
    trailingPoints: row.trailing_points,
    stopsArmedSeq: Number(row.stops_armed_seq),
  }));
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
