// Trading SQL of positions and their deals. Every function takes the database or transaction
// handle first; the caller holds the account's lock (§11.15: account, then positions, then
// ledger rows). The writes of a fill or close are prepared statements (decision 128).
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertPlaceholders, preparedQuery } from '../../db/prepared.js';
import { tradingDeals, tradingPositions } from '../../db/schema.js';

export type PositionRow = typeof tradingPositions.$inferSelect;
export type NewPositionRow = typeof tradingPositions.$inferInsert;
export type DealRow = typeof tradingDeals.$inferSelect;
export type NewDealRow = typeof tradingDeals.$inferInsert;

/** Rows with every column given (nullable ones as null): one fixed column list to prepare. */
export type PositionInsert = Required<Omit<NewPositionRow, 'id'>>;
export type DealInsert = Required<Omit<NewDealRow, 'id'>>;

// ---- positions ----

const POSITION_COLUMNS = [
  'accountId',
  'orderId',
  'symbol',
  'side',
  'volume',
  'openPrice',
  'openTime',
  'openTickSeq',
  'sl',
  'tp',
  'trailingPoints',
  'stopsArmedSeq',
  'marginMinor',
  'leverage',
  'openRateNum',
  'openRateDen',
  'swapMinor',
  'status',
  'closedAt',
  'version',
] as const satisfies readonly (keyof PositionInsert)[];

const positionInsert = preparedQuery((db) =>
  db
    .insert(tradingPositions)
    .values(insertPlaceholders<PositionInsert>(POSITION_COLUMNS))
    .returning()
    .prepare('trading_position_insert'),
);

export async function insertPosition(db: Db, row: PositionInsert): Promise<PositionRow> {
  const [inserted] = await positionInsert(db, { ...row });
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

const openPositions = preparedQuery((db) =>
  db
    .select()
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.accountId, sql.placeholder('accountId')),
        eq(tradingPositions.status, 'open'),
      ),
    )
    .orderBy(asc(tradingPositions.id))
    .prepare('trading_open_positions'),
);

const openPositionsForUpdate = preparedQuery((db) =>
  db
    .select()
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.accountId, sql.placeholder('accountId')),
        eq(tradingPositions.status, 'open'),
      ),
    )
    .orderBy(asc(tradingPositions.id))
    .for('update')
    .prepare('trading_open_positions_for_update'),
);

export async function listOpenPositions(db: Db, accountId: string): Promise<PositionRow[]> {
  return openPositions(db, { accountId });
}

export async function lockOpenPositions(db: Db, accountId: string): Promise<PositionRow[]> {
  return openPositionsForUpdate(db, { accountId });
}

// ---- deals ----

const DEAL_COLUMNS = [
  'key',
  'accountId',
  'positionId',
  'orderId',
  'symbol',
  'side',
  'entry',
  'volume',
  'price',
  'tickSeq',
  'time',
  'pnlMinor',
  'swapMinor',
  'reason',
  'closedBy',
  'note',
  'trailing',
  'transferId',
  'rateNum',
  'rateDen',
] as const satisfies readonly (keyof DealInsert)[];

const dealInsert = preparedQuery((db) =>
  db
    .insert(tradingDeals)
    .values(insertPlaceholders<DealInsert>(DEAL_COLUMNS))
    .onConflictDoNothing()
    .returning()
    .prepare('trading_deal_insert'),
);

/** Inserts a deal unless its key exists (re-processing doubles nothing); null on a repeat. */
export async function insertDeal(db: Db, row: DealInsert): Promise<DealRow | null> {
  const [inserted] = await dealInsert(db, { ...row });
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
