// The evaluator's SQL (§11.9): which pending orders and open positions a batch of ticks may
// reach, found per symbol by range probes of the partial indexes, and the evaluator's cursor.
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { arrayParams, arrayPlaceholders, preparedQuery, preparedSql } from '../../db/prepared.js';
import { tradingEvaluatorCursor } from '../../db/schema.js';

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

type RangeParams = Record<(typeof RANGE_COLUMNS)[number][0], string[]>;

/**
 * The ranges as `b(symbol, min_bid, max_bid, min_ask, max_ask, last_seq)`, sent once per
 * statement (six array parameters) and read by every arm.
 */
function withRanges(): SQL {
  return sql`with b as materialized (
    select * from unnest(${arrayPlaceholders(RANGE_COLUMNS)})
      as b(symbol, min_bid, max_bid, min_ask, max_ask, last_seq))`;
}

/** The statements' parameters for a batch's ranges. */
export function rangeParams(ranges: readonly SymbolRange[]): RangeParams {
  return arrayParams(RANGE_COLUMNS, ranges);
}

// Each arm probes its partial index once per symbol of the batch: a lateral subquery (kept
// apart by `offset 0`) gives the planner no choice. Joined plainly, with most symbols of the
// book in a batch, it scanned whole tables instead (15 ms instead of 0.5 for 27 symbols).

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

/** The statement of findOrdersInRange (exported for the test that reads its plans). */
export function ordersInRangeSql(): SQL {
  const arm = (side: 'buy' | 'sell', type: 'limit' | 'stop', reached: SQL) => sql`
    select o.id, o.account_id, o.symbol, o.side, o.type, o.price, o.armed_seq,
      (extract(epoch from o.expires_at) * 1000)::bigint as expires_ms
    from b cross join lateral (
      select * from trading_orders o
      where o.symbol = b.symbol and o.status = 'pending' and o.side = ${sql.raw(`'${side}'`)}
        and o.type = ${sql.raw(`'${type}'`)} and ${reached} and o.armed_seq < b.last_seq
      offset 0
    ) o`;
  return sql`
    ${withRanges()}
    ${arm('buy', 'limit', sql`o.price >= b.min_ask`)}
    union all ${arm('buy', 'stop', sql`o.price <= b.max_ask`)}
    union all ${arm('sell', 'limit', sql`o.price <= b.max_bid`)}
    union all ${arm('sell', 'stop', sql`o.price >= b.min_bid`)}`;
}

const ordersInRange = preparedSql<OrderCandidateRow, RangeParams>(
  'trading_orders_in_range',
  ordersInRangeSql,
);

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
  const rows = await ordersInRange(db, rangeParams(ranges));
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

/** The statement of findPositionsInRange (exported for the test that reads its plans). */
export function positionsInRangeSql(): SQL {
  const arm = (side: 'buy' | 'sell', reached: SQL) => sql`
    select p.id, p.account_id, p.symbol, p.side, p.sl, p.tp, p.trailing_points,
      p.stops_armed_seq
    from b cross join lateral (
      select * from trading_positions p
      where p.symbol = b.symbol and p.status = 'open' and p.side = ${sql.raw(`'${side}'`)}
        and ${reached} and p.stops_armed_seq < b.last_seq
      offset 0
    ) p`;
  return sql`
    ${withRanges()}
    ${arm('buy', sql`p.sl is not null and p.sl >= b.min_bid`)}
    union ${arm('buy', sql`p.tp is not null and p.tp <= b.max_bid`)}
    union ${arm('sell', sql`p.sl is not null and p.sl <= b.max_ask`)}
    union ${arm('sell', sql`p.tp is not null and p.tp >= b.min_ask`)}
    union ${arm('buy', sql`p.trailing_points is not null and (p.sl is null or b.max_bid - p.trailing_points > p.sl)`)}
    union ${arm('sell', sql`p.trailing_points is not null and (p.sl is null or b.min_ask + p.trailing_points < p.sl)`)}`;
}

const positionsInRange = preparedSql<PositionCandidateRow, RangeParams>(
  'trading_positions_in_range',
  positionsInRangeSql,
);

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
  const rows = await positionsInRange(db, rangeParams(ranges));
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

// ---- evaluator cursor ----

export async function readCursor(db: Db): Promise<number> {
  const [row] = await db
    .select({ lastSeq: tradingEvaluatorCursor.lastSeq })
    .from(tradingEvaluatorCursor)
    .where(eq(tradingEvaluatorCursor.id, 1));
  return row?.lastSeq ?? 0;
}

/** Moves the cursor forward only (a stale writer never moves it back). */
const cursorAdvance = preparedQuery((db) =>
  db
    .insert(tradingEvaluatorCursor)
    .values({
      id: 1,
      lastSeq: sql`${sql.placeholder('seq')}`,
      updatedAt: sql`${sql.placeholder('at')}`,
    })
    .onConflictDoUpdate({
      target: tradingEvaluatorCursor.id,
      set: {
        lastSeq: sql`greatest(${tradingEvaluatorCursor.lastSeq}, excluded.last_seq)`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .prepare('trading_cursor_advance'),
);

export async function advanceCursor(db: Db, seq: number, at: Date): Promise<void> {
  await cursorAdvance(db, { seq, at });
}
