// Trading SQL of accounts, idempotency keys and orders (positions and deals:
// trading-positions.repo.ts). Every function takes the database or transaction handle first.
// Locks follow §11.15: the trading account row first, then its positions and orders, then
// ledger rows.
import { and, asc, desc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertPlaceholders, preparedQuery } from '../../db/prepared.js';
import { tradingAccounts, tradingOrders, tradingRequests } from '../../db/schema.js';
import type { TradingAccountKind } from '../../db/schema.js';

export type AccountRow = typeof tradingAccounts.$inferSelect;
export type OrderRow = typeof tradingOrders.$inferSelect;
export type NewOrderRow = typeof tradingOrders.$inferInsert;
export type RequestRow = typeof tradingRequests.$inferSelect;

/**
 * An order row with every column given (nullable ones as null): its insert is a prepared
 * statement (decision 128), which needs one fixed column list.
 */
export type OrderInsert = Required<Omit<NewOrderRow, 'id'>>;

// ---- accounts ----

export async function insertAccount(
  db: Db,
  row: {
    clientId: string;
    kind: TradingAccountKind;
    category: AccountRow['category'];
    balanceMinor: number;
    createdAt: Date;
  },
): Promise<AccountRow | null> {
  const [inserted] = await db.insert(tradingAccounts).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

const accountOfClient = preparedQuery((db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(
      and(
        eq(tradingAccounts.id, sql.placeholder('id')),
        eq(tradingAccounts.clientId, sql.placeholder('clientId')),
      ),
    )
    .limit(1)
    .prepare('trading_account_of_client'),
);

export async function findAccountOfClient(
  db: Db,
  clientId: string,
  id: string,
): Promise<AccountRow | null> {
  const [row] = await accountOfClient(db, { id, clientId });
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

const accountForUpdate = preparedQuery((db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, sql.placeholder('id')))
    .limit(1)
    .for('update')
    .prepare('trading_account_for_update'),
);

export async function lockAccount(db: Db, id: string): Promise<AccountRow | null> {
  const [row] = await accountForUpdate(db, { id });
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

const requestByKey = preparedQuery((db) =>
  db
    .select()
    .from(tradingRequests)
    .where(
      and(
        eq(tradingRequests.accountId, sql.placeholder('accountId')),
        eq(tradingRequests.key, sql.placeholder('key')),
      ),
    )
    .limit(1)
    .prepare('trading_request_by_key'),
);

export async function findRequest(
  db: Db,
  accountId: string,
  key: string,
): Promise<RequestRow | null> {
  const [row] = await requestByKey(db, { accountId, key });
  return row ?? null;
}

type RequestInsert = {
  accountId: string;
  key: string;
  fingerprint: string;
  statusCode: number;
  body: unknown;
};

const requestInsert = preparedQuery((db) =>
  db
    .insert(tradingRequests)
    .values(
      insertPlaceholders<RequestInsert>(['accountId', 'key', 'fingerprint', 'statusCode', 'body']),
    )
    .onConflictDoNothing()
    .prepare('trading_request_insert'),
);

export async function insertRequest(db: Db, row: RequestInsert): Promise<void> {
  await requestInsert(db, { ...row, body: JSON.stringify(row.body) });
}

// ---- orders ----

const ORDER_COLUMNS = [
  'accountId',
  'symbol',
  'side',
  'type',
  'volume',
  'price',
  'sl',
  'tp',
  'trailingPoints',
  'timeInForce',
  'expiresAt',
  'status',
  'armedSeq',
  'ocoGroupId',
  'rejectCode',
  'positionId',
  'requestKey',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof OrderInsert)[];

const orderInsert = preparedQuery((db) =>
  db
    .insert(tradingOrders)
    .values(insertPlaceholders<OrderInsert>(ORDER_COLUMNS))
    .returning()
    .prepare('trading_order_insert'),
);

export async function insertOrder(db: Db, row: OrderInsert): Promise<OrderRow> {
  const [inserted] = await orderInsert(db, { ...row });
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

const orderFilled = preparedQuery((db) =>
  db
    .update(tradingOrders)
    .set({
      status: 'filled',
      positionId: sql`${sql.placeholder('positionId')}`,
      updatedAt: sql`${sql.placeholder('at')}`,
    })
    .where(and(eq(tradingOrders.id, sql.placeholder('id')), eq(tradingOrders.status, 'pending')))
    .returning()
    .prepare('trading_order_filled'),
);

/** A pending order filled into `positionId`; null when it is no longer pending. */
export async function markOrderFilled(
  db: Db,
  id: number,
  positionId: number,
  at: Date,
): Promise<OrderRow | null> {
  const [row] = await orderFilled(db, { id, positionId, at });
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
