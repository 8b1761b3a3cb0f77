// SQL of deal corrections (decision 136): the corrections and P/L adjustments themselves, the
// deals and position a correction reaches, and each listed deal's price and P/L now.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  tradingAccounts,
  tradingDealAdjustments,
  tradingDealCorrections,
  tradingDeals,
  tradingPositions,
} from '../../db/schema.js';
import type { DealRow, PositionRow } from './trading-positions.repo.js';

export type CorrectionRow = typeof tradingDealCorrections.$inferSelect;
export type AdjustmentRow = typeof tradingDealAdjustments.$inferSelect;

/** Whose deal it is, read before the account's lock is taken (the runner locks it). */
export async function findDealOwner(
  db: Db,
  id: number,
): Promise<{ accountId: string; clientId: string } | null> {
  const [row] = await db
    .select({ accountId: tradingAccounts.id, clientId: tradingAccounts.clientId })
    .from(tradingDeals)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingDeals.accountId))
    .where(eq(tradingDeals.id, id))
    .limit(1);
  return row ?? null;
}

export async function findDeal(db: Db, accountId: string, id: number): Promise<DealRow | null> {
  const [row] = await db
    .select()
    .from(tradingDeals)
    .where(and(eq(tradingDeals.id, id), eq(tradingDeals.accountId, accountId)));
  return row ?? null;
}

/** The position, locked: its open price and margin may change under the account's lock. */
export async function lockPosition(db: Db, id: number): Promise<PositionRow> {
  const [row] = await db
    .select()
    .from(tradingPositions)
    .where(eq(tradingPositions.id, id))
    .for('update');
  if (!row) throw new Error(`position ${id} of a deal is missing`);
  return row;
}

export async function setPositionOpenPrice(
  db: Db,
  position: PositionRow,
  set: { openPrice: number; marginMinor: number },
): Promise<void> {
  await db
    .update(tradingPositions)
    .set({ ...set, version: position.version + 1 })
    .where(eq(tradingPositions.id, position.id));
}

/** The closing deals of a position, oldest first: what an opening price's correction reaches. */
export async function listClosingDeals(db: Db, positionId: number): Promise<DealRow[]> {
  return db
    .select()
    .from(tradingDeals)
    .where(and(eq(tradingDeals.positionId, positionId), eq(tradingDeals.entry, 'out')))
    .orderBy(asc(tradingDeals.id));
}

export async function insertCorrection(
  db: Db,
  row: Omit<CorrectionRow, 'id'>,
): Promise<CorrectionRow> {
  const [inserted] = await db.insert(tradingDealCorrections).values(row).returning();
  if (!inserted) throw new Error('a correction was not inserted');
  return inserted;
}

export async function insertAdjustment(
  db: Db,
  row: Omit<AdjustmentRow, 'id'>,
): Promise<AdjustmentRow> {
  const [inserted] = await db.insert(tradingDealAdjustments).values(row).returning();
  if (!inserted) throw new Error('an adjustment was not inserted');
  return inserted;
}

/** What a deal is now after corrections, and the newest correction's reason and time. */
export interface DealNow {
  price: number | null;
  pnlMinor: number | null;
  reason: string;
  time: Date;
}

/**
 * The newest correction of each deal's price and the newest adjustment of its P/L, for the
 * deals listed (two statements whatever their number). Deals never corrected are absent.
 */
export async function dealsNow(db: Db, dealIds: readonly number[]): Promise<Map<number, DealNow>> {
  const now = new Map<number, DealNow>();
  if (dealIds.length === 0) return now;
  const ids = [...new Set(dealIds)];
  const prices = await db
    .selectDistinctOn([tradingDealCorrections.dealId])
    .from(tradingDealCorrections)
    .where(inArray(tradingDealCorrections.dealId, ids))
    .orderBy(tradingDealCorrections.dealId, desc(tradingDealCorrections.id));
  const pnls = await db
    .selectDistinctOn([tradingDealAdjustments.dealId], {
      adjustment: tradingDealAdjustments,
      reason: tradingDealCorrections.reason,
    })
    .from(tradingDealAdjustments)
    .innerJoin(
      tradingDealCorrections,
      eq(tradingDealCorrections.id, tradingDealAdjustments.correctionId),
    )
    .where(inArray(tradingDealAdjustments.dealId, ids))
    .orderBy(tradingDealAdjustments.dealId, desc(tradingDealAdjustments.id));
  for (const row of prices) {
    now.set(row.dealId, {
      price: row.newPrice,
      pnlMinor: null,
      reason: row.reason,
      time: row.time,
    });
  }
  for (const { adjustment, reason } of pnls) {
    const seen = now.get(adjustment.dealId);
    const newer = !seen || adjustment.time >= seen.time;
    now.set(adjustment.dealId, {
      price: seen?.price ?? null,
      pnlMinor: adjustment.newPnlMinor,
      reason: newer ? reason : (seen?.reason ?? reason),
      time: newer ? adjustment.time : (seen?.time ?? adjustment.time),
    });
  }
  return now;
}
