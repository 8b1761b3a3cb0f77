// SQL of the risk rules for many accounts at once (decision 131): a stop-out storm's accounts
// are locked, read and written a statement per step for the whole batch, not per account.
// Locks are taken in the order every path uses: the accounts (by id), their open positions,
// then ledger rows (ledger-batch.ts).
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlArray } from '../../db/prepared.js';
import { tradingAccounts, tradingPositions, tradingProtections } from '../../db/schema.js';
import { tradingBalanceSql } from '../ledger/index.js';
import type { AccountRow } from './trading.repo.js';
import type { DealInsert, DealRow, PositionRow } from './trading-positions.repo.js';
import type { ProtectionRow } from './trading-risk.repo.js';
import { tradingDeals } from '../../db/schema.js';

/** The accounts, locked in id order, with a live one's ledger balance (demo: null). */
export async function lockAccountsWithBalances(
  db: Db,
  ids: readonly string[],
): Promise<{ account: AccountRow; liveBalanceMinor: number | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      account: tradingAccounts,
      liveBalanceMinor: sql<string>`${tradingBalanceSql(sql`${tradingAccounts.clientId}`)}`,
    })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, [...ids]))
    .orderBy(asc(tradingAccounts.id))
    .for('update', { of: tradingAccounts });
  return rows.map(({ account, liveBalanceMinor }) => ({
    account,
    liveBalanceMinor: account.kind === 'live' ? Number(liveBalanceMinor) : null,
  }));
}

/** The accounts' open positions, locked, by account then id. */
export async function lockOpenPositionsOf(
  db: Db,
  accountIds: readonly string[],
): Promise<PositionRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(tradingPositions)
    .where(
      and(
        inArray(tradingPositions.accountId, [...accountIds]),
        eq(tradingPositions.status, 'open'),
      ),
    )
    .orderBy(asc(tradingPositions.accountId), asc(tradingPositions.id))
    .for('update');
}

/** Inserts the deals in order; those whose key exists are skipped (not returned). */
export async function insertDeals(db: Db, rows: readonly DealInsert[]): Promise<DealRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tradingDeals)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}

/** Closes open positions (their versions move on); the ids it closed. */
export async function closeOpenPositions(
  db: Db,
  ids: readonly number[],
  at: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(tradingPositions)
    .set({ status: 'closed', closedAt: at, version: sql`${tradingPositions.version} + 1` })
    .where(and(inArray(tradingPositions.id, [...ids]), eq(tradingPositions.status, 'open')))
    .returning({ id: tradingPositions.id });
  return rows.map((row) => row.id);
}

/** Sets the ledger transfer of each deal (id → transfer id). */
export async function setDealTransfers(db: Db, pairs: readonly [number, string][]): Promise<void> {
  if (pairs.length === 0) return;
  await db.execute(sql`update trading_deals d set transfer_id = x.transfer_id
    from unnest(${sqlArray(pairs.map(([id]) => id))}::bigint[], ${sqlArray(pairs.map(([, t]) => t))}::uuid[])
      as x(id, transfer_id)
    where d.id = x.id`);
}

/** Demo only: moves stored balances (rows locked), one signed amount per account. */
export async function addToDemoBalances(
  db: Db,
  deltas: readonly [accountId: string, deltaMinor: number][],
): Promise<void> {
  const moved = deltas.filter(([, delta]) => delta !== 0);
  if (moved.length === 0) return;
  await db.execute(sql`update trading_accounts a
    set balance_minor = a.balance_minor + x.delta, version = a.version + 1
    from unnest(${sqlArray(moved.map(([id]) => id))}::uuid[], ${sqlArray(moved.map(([, d]) => d))}::bigint[])
      as x(id, delta)
    where a.id = x.id and a.kind = 'demo'`);
}

/** Counts a stop-out sequence on each account. */
export async function countStopOuts(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(tradingAccounts)
    .set({ stopOutSequences: sql`${tradingAccounts.stopOutSequences} + 1` })
    .where(inArray(tradingAccounts.id, [...ids]));
}

/** Opens a margin-call episode on each account not in one; the ids it opened one on. */
export async function startMarginCalls(
  db: Db,
  ids: readonly string[],
  at: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(tradingAccounts)
    .set({
      marginCallSince: at,
      marginCallEpisodes: sql`${tradingAccounts.marginCallEpisodes} + 1`,
    })
    .where(and(inArray(tradingAccounts.id, [...ids]), isNull(tradingAccounts.marginCallSince)))
    .returning({ id: tradingAccounts.id });
  return new Set(rows.map((row) => row.id));
}

export async function endMarginCalls(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(tradingAccounts)
    .set({ marginCallSince: null })
    .where(and(inArray(tradingAccounts.id, [...ids]), isNotNull(tradingAccounts.marginCallSince)));
}

/** Inserts the protections whose key is new (nothing happens twice); those it inserted. */
export async function insertProtections(
  db: Db,
  rows: readonly { key: string; accountId: string; amountMinor: number; time: Date }[],
): Promise<ProtectionRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tradingProtections)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}

export async function setProtectionTransfers(
  db: Db,
  pairs: readonly [number, string][],
): Promise<void> {
  if (pairs.length === 0) return;
  await db.execute(sql`update trading_protections p set transfer_id = x.transfer_id
    from unnest(${sqlArray(pairs.map(([id]) => id))}::bigint[], ${sqlArray(pairs.map(([, t]) => t))}::uuid[])
      as x(id, transfer_id)
    where p.id = x.id`);
}
