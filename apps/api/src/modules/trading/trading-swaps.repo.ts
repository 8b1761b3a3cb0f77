// SQL of the daily swaps (§11.13, decision 127): the rollover cursor, the positions open at a
// rollover with their volume then, and each swap's row.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tradingEvaluatorCursor, tradingPositions, tradingSwaps } from '../../db/schema.js';

export type SwapRow = typeof tradingSwaps.$inferSelect;

/** The last rollover whose swaps are all posted; null before the engine's first rollover check. */
export async function readSwapsThrough(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ through: tradingEvaluatorCursor.swapsThrough })
    .from(tradingEvaluatorCursor)
    .where(eq(tradingEvaluatorCursor.id, 1));
  return row?.through ? row.through.getTime() : null;
}

export async function setSwapsThrough(db: Db, rolloverMs: number): Promise<void> {
  await db
    .insert(tradingEvaluatorCursor)
    .values({ id: 1, lastSeq: 0, swapsThrough: new Date(rolloverMs) })
    .onConflictDoUpdate({
      target: tradingEvaluatorCursor.id,
      set: { swapsThrough: new Date(rolloverMs), updatedAt: sql`now()` },
    });
}

export interface PositionAtRollover {
  id: number;
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Centilots held at the rollover: today's volume plus what was closed after it. */
  volume: number;
}

/**
 * Every position open at `rolloverMs` (opened before it, not closed by it) with its volume then:
 * what is open now plus what was closed after it (a closed row keeps its last volume, so it
 * counts only through its deals). A rollover posted late (after a restart) so charges what was
 * held at the time.
 */
export async function positionsOpenAt(db: Db, rolloverMs: number): Promise<PositionAtRollover[]> {
  const at = new Date(rolloverMs).toISOString();
  const { rows } = (await db.execute(sql`
    select p.id, p.account_id, p.symbol, p.side,
      (case when p.status = 'open' then p.volume else 0 end) + coalesce((
        select sum(d.volume) from trading_deals d
        where d.position_id = p.id and d.entry = 'out' and d.time > ${at}
      ), 0) as volume
    from trading_positions p
    where p.open_time < ${at} and (p.status = 'open' or p.closed_at > ${at})
    order by p.id`)) as unknown as {
    rows: {
      id: string | number;
      account_id: string;
      symbol: string;
      side: 'buy' | 'sell';
      volume: string | number;
    }[];
  };
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    symbol: row.symbol,
    side: row.side,
    volume: Number(row.volume),
  }));
}

/** The swap's row, or null when this position's swap of this rollover is already posted. */
export async function insertSwap(
  db: Db,
  row: Omit<SwapRow, 'id' | 'transferId'>,
): Promise<SwapRow | null> {
  const [inserted] = await db.insert(tradingSwaps).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function setSwapTransfer(db: Db, id: number, transferId: string): Promise<void> {
  await db.update(tradingSwaps).set({ transferId }).where(eq(tradingSwaps.id, id));
}

export async function addPositionSwap(db: Db, id: number, amountMinor: number): Promise<void> {
  await db
    .update(tradingPositions)
    .set({ swapMinor: sql`${tradingPositions.swapMinor} + ${amountMinor}` })
    .where(eq(tradingPositions.id, id));
}
