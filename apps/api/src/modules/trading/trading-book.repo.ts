// Staff reads of the trading book (SQL): open positions across clients, the live book's open
// positions, whose a position is, and the risk rules' recent work (margin calls, stop-outs,
// protections), each with the client it concerns.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  tradingAccounts,
  tradingDeals,
  tradingPositions,
  tradingProtections,
} from '../../db/schema.js';
import type { TradingAccountKind } from '../../db/schema.js';
import type { AccountRow } from './trading.repo.js';
import type { DealRow, PositionRow } from './trading-positions.repo.js';

/** Whose a row is, for the desk: the client's id, name and the account's kind. */
const owner = {
  clientId: tradingAccounts.clientId,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  accountKind: tradingAccounts.kind,
};

/** Staff: open positions across clients with whose they are, newest first. */
export async function listAllOpenPositions(db: Db, limit: number) {
  const rows = await db
    .select({ position: tradingPositions, ...owner, clientEmail: clients.email })
    .from(tradingPositions)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingPositions.accountId))
    .innerJoin(clients, eq(clients.id, tradingAccounts.clientId))
    .where(eq(tradingPositions.status, 'open'))
    .orderBy(desc(tradingPositions.id))
    .limit(limit);
  return rows.map(({ position, ...rest }) => ({ ...position, ...rest }));
}

/**
 * Staff: every open position of a live account (the book's exposure), by symbol: what its
 * lots, notional and floating P/L are computed from at the latest prices.
 */
export async function listLiveOpenPositions(db: Db): Promise<
  (Pick<PositionRow, 'symbol' | 'side' | 'volume' | 'openPrice'> & {
    clientId: string;
    clientName: string;
    clientEmail: string;
  })[]
> {
  const p = tradingPositions;
  return db
    .select({
      symbol: p.symbol,
      side: p.side,
      volume: p.volume,
      openPrice: p.openPrice,
      clientId: owner.clientId,
      clientName: owner.clientName,
      clientEmail: clients.email,
    })
    .from(p)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, p.accountId))
    .innerJoin(clients, eq(clients.id, tradingAccounts.clientId))
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

/** Staff: open accounts in a margin-call episode (a partial index finds them), longest first. */
export async function listMarginCallAccounts(
  db: Db,
  limit: number,
): Promise<{ account: AccountRow; clientName: string }[]> {
  return db
    .select({ account: tradingAccounts, clientName: owner.clientName })
    .from(tradingAccounts)
    .innerJoin(clients, eq(clients.id, tradingAccounts.clientId))
    .where(and(isNotNull(tradingAccounts.marginCallSince), eq(tradingAccounts.status, 'open')))
    .orderBy(asc(tradingAccounts.marginCallSince))
    .limit(limit);
}

/** Staff: the latest stop-out closes, newest first. */
export async function listRecentStopOuts(
  db: Db,
  limit: number,
): Promise<
  (DealRow & { clientId: string; clientName: string; accountKind: TradingAccountKind })[]
> {
  const rows = await db
    .select({ deal: tradingDeals, ...owner })
    .from(tradingDeals)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingDeals.accountId))
    .innerJoin(clients, eq(clients.id, tradingAccounts.clientId))
    .where(eq(tradingDeals.reason, 'stop_out'))
    .orderBy(desc(tradingDeals.id))
    .limit(limit);
  return rows.map(({ deal, ...rest }) => ({ ...deal, ...rest }));
}

/** Staff: the latest negative balance protections, newest first. */
export async function listRecentProtections(db: Db, limit: number) {
  return db
    .select({
      id: tradingProtections.id,
      amountMinor: tradingProtections.amountMinor,
      time: tradingProtections.time,
      accountId: tradingProtections.accountId,
      ...owner,
    })
    .from(tradingProtections)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingProtections.accountId))
    .innerJoin(clients, eq(clients.id, tradingAccounts.clientId))
    .orderBy(desc(tradingProtections.id))
    .limit(limit);
}

/** Staff: whether a client exists (their trading section answers 404 otherwise). */
export async function clientExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises live orders on an instrument with an exposure limit (decision 135): two clients
 * adding to the book's net at once must each see the other's position, or both could pass.
 */
export async function lockBookSymbol(tx: Db, symbol: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`book-exposure:${symbol}`}))`);
}

/** The live book's net centilots on an instrument (buys positive): the open-symbol index. */
export async function bookNetVolume(tx: Db, symbol: string): Promise<number> {
  const { rows } = (await tx.execute(sql`
    select coalesce(sum(case when p.side = 'buy' then p.volume else -p.volume end), 0) as net
    from trading_positions p
    join trading_accounts a on a.id = p.account_id
    where p.symbol = ${symbol} and p.status = 'open' and a.kind = 'live'`)) as unknown as {
    rows: { net: string | number }[];
  };
  return Number(rows[0]?.net ?? 0);
}
