// SQL of the risk rules (§11.12, decision 126): the screen that finds which accounts a batch of
// ticks may bring to a margin call or a stop-out, the counters of margin-call episodes and
// stop-out sequences, and negative balance protections.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { arrayParams, arrayPlaceholders, preparedSql } from '../../db/prepared.js';
import {
  tradingAccounts,
  tradingDeals,
  tradingPositions,
  tradingProtections,
} from '../../db/schema.js';
import { tradingBalanceSql } from '../ledger/index.js';
import type { AccountRow } from './trading.repo.js';
import type { PositionRow } from './trading-positions.repo.js';

/**
 * The most adverse prices and rates a batch gives an instrument (or, when the batch does not
 * move it, its latest): a buy closes at the lowest bid, a sell at the highest ask, and a loss
 * converts at the highest rate, a gain at the lowest. Rates are decimal strings.
 */
export interface AdverseQuote {
  symbol: string;
  lowestBid: number;
  highestAsk: number;
  rateLow: string;
  rateHigh: string;
  contractSize: number;
  digits: number;
}

const QUOTE_COLUMNS = [
  ['symbol', 'text'],
  ['lowestBid', 'bigint'],
  ['highestAsk', 'bigint'],
  ['rateLow', 'float8'],
  ['rateHigh', 'float8'],
  ['contractSize', 'float8'],
  ['digits', 'int'],
] as const;

type ScreenParams = Record<(typeof QUOTE_COLUMNS)[number][0] | 'moved', string[]>;

const screen = preparedSql<{ id: string }, ScreenParams>('trading_risk_screen', () => {
  return sql`
    with q as materialized (
      select * from unnest(${arrayPlaceholders(QUOTE_COLUMNS)})
        as q(symbol, lowest_bid, highest_ask, rate_low, rate_high, contract, digits)),
    holders as (
      select distinct p.account_id from trading_positions p
      where p.status = 'open' and p.symbol = any(${sql.placeholder('moved')}::text[])
      union
      select a.id from trading_accounts a where a.margin_call_since is not null),
    book as (
      select p.account_id, sum(p.margin_minor) as used, count(*) as n,
        coalesce(sum(case when x.d < 0 then x.d * q.rate_high else x.d * q.rate_low end
          * p.volume * q.contract / (10::float8 ^ q.digits)), 0) as adverse
      from holders h
      join trading_positions p on p.account_id = h.account_id and p.status = 'open'
      left join q on q.symbol = p.symbol
      cross join lateral (
        select (case when p.side = 'buy' then q.lowest_bid - p.open_price
          else p.open_price - q.highest_ask end)::float8 as d
      ) x
      group by p.account_id)
    select a.id from book b join trading_accounts a on a.id = b.account_id
    where a.status = 'open' and (a.margin_call_since is not null
      or (case when a.kind = 'demo' then a.balance_minor
          else ${tradingBalanceSql(sql`a.client_id`)} end) + b.adverse <= b.used + b.n)`;
});

/**
 * Accounts holding one of `moved` (an instrument the batch priced, or one converted through it)
 * whose equity at the adverse quotes may be at or below their used margin, and every account
 * in a margin-call episode (a batch may end it). The test is generous by the rounding of each
 * position's P/L (one cent each, far more than double precision loses on sums of cents), so
 * no account the exact rules would act on is left out; the caller then walks the batch's
 * ticks exactly for the few found.
 */
export async function screenAccounts(
  db: Db,
  moved: readonly string[],
  quotes: readonly AdverseQuote[],
): Promise<string[]> {
  if (moved.length === 0) return [];
  const rows = await screen(db, { ...arrayParams(QUOTE_COLUMNS, quotes), moved: [...moved] });
  return rows.map((row) => row.id);
}

/** Opens a margin-call episode; its number, or null when one was already open. */
export async function startMarginCall(db: Db, id: string, at: Date): Promise<number | null> {
  const [row] = await db
    .update(tradingAccounts)
    .set({
      marginCallSince: at,
      marginCallEpisodes: sql`${tradingAccounts.marginCallEpisodes} + 1`,
    })
    .where(and(eq(tradingAccounts.id, id), isNull(tradingAccounts.marginCallSince)))
    .returning({ episode: tradingAccounts.marginCallEpisodes });
  return row?.episode ?? null;
}

export async function endMarginCall(db: Db, id: string): Promise<void> {
  await db
    .update(tradingAccounts)
    .set({ marginCallSince: null })
    .where(and(eq(tradingAccounts.id, id), isNotNull(tradingAccounts.marginCallSince)));
}

/** Counts a stop-out sequence; its number. */
export async function countStopOut(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(tradingAccounts)
    .set({ stopOutSequences: sql`${tradingAccounts.stopOutSequences} + 1` })
    .where(eq(tradingAccounts.id, id))
    .returning({ sequence: tradingAccounts.stopOutSequences });
  return row?.sequence ?? 0;
}

/** The key of the account's latest deal: the event a protection answers. */
export async function latestDealKey(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: tradingDeals.key })
    .from(tradingDeals)
    .where(eq(tradingDeals.accountId, accountId))
    .orderBy(desc(tradingDeals.id))
    .limit(1);
  return row?.key ?? null;
}

export type ProtectionRow = typeof tradingProtections.$inferSelect;

/** Null when this event's protection exists already (nothing happens twice). */
export async function insertProtection(
  db: Db,
  row: { key: string; accountId: string; amountMinor: number; time: Date },
): Promise<ProtectionRow | null> {
  const [inserted] = await db
    .insert(tradingProtections)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

export async function setProtectionTransfer(db: Db, id: number, transferId: string): Promise<void> {
  await db.update(tradingProtections).set({ transferId }).where(eq(tradingProtections.id, id));
}

export async function listProtections(db: Db, accountId: string): Promise<ProtectionRow[]> {
  return db
    .select()
    .from(tradingProtections)
    .where(eq(tradingProtections.accountId, accountId))
    .orderBy(desc(tradingProtections.id));
}

/** What the exact walk needs of screened accounts, in two queries whatever their number. */
export async function loadRiskBooks(
  db: Db,
  accountIds: readonly string[],
): Promise<{ account: AccountRow; balanceMinor: number; positions: PositionRow[] }[]> {
  if (accountIds.length === 0) return [];
  const ids = [...accountIds];
  const accounts = await db
    .select({
      account: tradingAccounts,
      liveBalanceMinor: sql<string>`${tradingBalanceSql(sql`${tradingAccounts.clientId}`)}`,
    })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, ids));
  const positions = await db
    .select()
    .from(tradingPositions)
    .where(and(inArray(tradingPositions.accountId, ids), eq(tradingPositions.status, 'open')))
    .orderBy(asc(tradingPositions.id));
  const byAccount = groupByAccount(positions);
  return accounts.map(({ account, liveBalanceMinor }) => ({
    account,
    balanceMinor: account.kind === 'demo' ? account.balanceMinor : Number(liveBalanceMinor),
    positions: byAccount.get(account.id) ?? [],
  }));
}

/** Rows by their account, in the order given (a storm's thousand accounts: no n² filter). */
export function groupByAccount<Row extends { accountId: string }>(rows: readonly Row[]) {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const list = map.get(row.accountId);
    if (list) list.push(row);
    else map.set(row.accountId, [row]);
  }
  return map;
}
