// Staff reads of the trading book (SQL): open positions across clients and the live book's
// open volume per symbol and side.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tradingAccounts, tradingPositions } from '../../db/schema.js';
import type { TradingAccountKind } from '../../db/schema.js';
import type { PositionRow } from './trading-positions.repo.js';

/** Staff: open positions across clients, newest first. */
export async function listAllOpenPositions(
  db: Db,
  limit: number,
): Promise<(PositionRow & { clientId: string; kind: TradingAccountKind })[]> {
  const rows = await db
    .select({
      position: tradingPositions,
      clientId: tradingAccounts.clientId,
      kind: tradingAccounts.kind,
    })
    .from(tradingPositions)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingPositions.accountId))
    .where(eq(tradingPositions.status, 'open'))
    .orderBy(desc(tradingPositions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.position, clientId: row.clientId, kind: row.kind }));
}

/** Staff: net open volume per symbol and side, live accounts only (the book's exposure). */
export async function sumOpenVolumeBySymbol(
  db: Db,
): Promise<{ symbol: string; side: 'buy' | 'sell'; volume: number; positions: number }[]> {
  const p = tradingPositions;
  return db
    .select({
      symbol: p.symbol,
      side: p.side,
      volume: sql<number>`cast(sum(${p.volume}) as bigint)`.mapWith(Number),
      positions: sql<number>`cast(count(*) as bigint)`.mapWith(Number),
    })
    .from(p)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, p.accountId))
    .where(and(eq(p.status, 'open'), eq(tradingAccounts.kind, 'live')))
    .groupBy(p.symbol, p.side)
    .orderBy(asc(p.symbol), asc(p.side));
}
