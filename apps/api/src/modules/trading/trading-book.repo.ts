// Staff reads of the trading book (SQL): open positions across clients, the live book's open
// positions, and whose a position is.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, tradingAccounts, tradingPositions } from '../../db/schema.js';
import type { TradingAccountKind } from '../../db/schema.js';
import type { PositionRow } from './trading-positions.repo.js';

export type StaffPositionRow = PositionRow & {
  clientId: string;
  clientName: string;
  clientEmail: string;
  kind: TradingAccountKind;
};

/** Staff: open positions across clients with whose they are, newest first. */
export async function listAllOpenPositions(db: Db, limit: number): Promise<StaffPositionRow[]> {
  const rows = await db
    .select({
      position: tradingPositions,
      clientId: tradingAccounts.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      kind: tradingAccounts.kind,
    })
    .from(tradingPositions)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingPositions.accountId))
    .innerJoin(clients, eq(clients.id, tradingAccounts.clientId))
    .where(eq(tradingPositions.status, 'open'))
    .orderBy(desc(tradingPositions.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row.position,
    clientId: row.clientId,
    clientName: `${row.firstName} ${row.lastName}`,
    clientEmail: row.email,
    kind: row.kind,
  }));
}

/**
 * Staff: every open position of a live account (the book's exposure), by symbol: what its
 * lots, notional and floating P/L are computed from at the latest prices.
 */
export async function listLiveOpenPositions(
  db: Db,
): Promise<Pick<PositionRow, 'symbol' | 'side' | 'volume' | 'openPrice'>[]> {
  const p = tradingPositions;
  return db
    .select({ symbol: p.symbol, side: p.side, volume: p.volume, openPrice: p.openPrice })
    .from(p)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, p.accountId))
    .where(and(eq(p.status, 'open'), eq(tradingAccounts.kind, 'live')))
    .orderBy(asc(p.symbol), asc(p.id));
}

/** Staff: the account and client a position belongs to, whatever its status. */
export async function findPositionOwner(
  db: Db,
  id: number,
): Promise<{ accountId: string; clientId: string } | null> {
  const [row] = await db
    .select({ accountId: tradingAccounts.id, clientId: tradingAccounts.clientId })
    .from(tradingPositions)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingPositions.accountId))
    .where(eq(tradingPositions.id, id))
    .limit(1);
  return row ?? null;
}
