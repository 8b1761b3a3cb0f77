// SQL of the trading statement (issue 19, docs/trading.md "Statements") and of the nightly swaps
// list. A statement reads the account's balance movements from the rows that made them:
// - deals (their P/L; an opening deal moves 0), at the deal's time;
// - swaps (trading_swaps), at their rollover;
// - negative balance protections, at their time;
// - the dealing desk's corrections of a close's P/L (decision 136): the new P/L less the old, at
//   the correction's time (the reversal and the new posting, which are trade_pnl transfers);
// - live only: every other posted ledger transfer in or out of client:<id>:trading (transfers to
//   and from the wallet, a staff reversal of one), at the transfer's time.
// The P/L, swap and protection of a live account are not read twice from the ledger: each has
// exactly one transfer of its amount (ledger:check invariant 8), and the event's own row carries
// the engine's time (in replay, the replay's), which the ledger's created_at does not.
// Each movement has one time, so "before the period", "in it" and "after it" split them exactly.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tradingPositions, tradingSwaps } from '../../db/schema.js';

/** The engine's own kinds: their movements come from the trading rows, not the ledger. */
const ENGINE_KINDS = sql`('trade_pnl', 'swap', 'nbp')`;

export interface StatementScope {
  accountId: string;
  /** The live account's ledger code (client:<id>:trading); null for a demo account. */
  ledgerCode: string | null;
}

/** Milliseconds since the epoch, as text (exact in both drivers, whatever their Date parsing). */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint::text`;

/**
 * Every movement of the account as (time, amount) rows, for sums. The ledger's two arms (money
 * in, money out) are separate scans of its (credit|debit account, created_at) indexes.
 */
function movements({ accountId, ledgerCode }: StatementScope): SQL {
  const ledger = ledgerCode
    ? sql`
      union all
      select t.created_at as time, t.amount_minor as amount
      from ledger_accounts a join ledger_transfers t on t.credit_account_id = a.id
      where a.code = ${ledgerCode} and t.state = 'posted' and t.kind not in ${ENGINE_KINDS}
      union all
      select t.created_at, -t.amount_minor
      from ledger_accounts a join ledger_transfers t on t.debit_account_id = a.id
      where a.code = ${ledgerCode} and t.state = 'posted' and t.kind not in ${ENGINE_KINDS}`
    : sql``;
  return sql`
    select d.time, d.pnl_minor as amount from trading_deals d
    where d.account_id = ${accountId} and d.pnl_minor <> 0
    union all
    select s.rollover_at, s.amount_minor from trading_swaps s where s.account_id = ${accountId}
    union all
    select p.time, p.amount_minor from trading_protections p where p.account_id = ${accountId}
    union all
    select a.time, a.new_pnl_minor - a.old_pnl_minor from trading_deal_adjustments a
    where a.account_id = ${accountId}
    ${ledger}`;
}

export interface MovementSums {
  /** Σ of movements before `from`, in [from, to), and at or after `to`, in cents. */
  before: bigint;
  during: bigint;
  after: bigint;
}

export async function sumMovements(
  db: Db,
  scope: StatementScope,
  { from, to }: { from: Date; to: Date },
): Promise<MovementSums> {
  const fromText = from.toISOString();
  const toText = to.toISOString();
  const { rows } = (await db.execute(sql`
    select
      coalesce(sum(m.amount) filter (where m.time < ${fromText}), 0)::text as before,
      coalesce(sum(m.amount) filter (where m.time >= ${fromText} and m.time < ${toText}), 0)::text
        as during,
      coalesce(sum(m.amount) filter (where m.time >= ${toText}), 0)::text as after
    from (${movements(scope)}) m`)) as unknown as {
    rows: { before: string; during: string; after: string }[];
  };
  const row = rows[0];
  if (!row) throw new Error('movement sums answered no row');
  return { before: BigInt(row.before), during: BigInt(row.during), after: BigInt(row.after) };
}

export interface StatementLineRow {
  kind: 'deal' | 'swap' | 'protection' | 'transfer' | 'correction';
  timeMs: number;
  amountMinor: number;
  symbol: string | null;
  side: 'buy' | 'sell' | null;
  /** Deals: 'in' (an opening fill) or 'out' (a close). */
  entry: 'in' | 'out' | null;
  /** Centilots: the deal's, or the position's at the rollover. */
  volume: number | null;
  /** Points (deals only). */
  price: number | null;
  reason: string | null;
  note: string | null;
  trailing: boolean | null;
  /** Swaps: 3 on a Wednesday. */
  multiplier: number | null;
  /** Ledger transfers: trading_in, trading_out, reversal… */
  transferKind: string | null;
  /** Corrections: the close whose P/L changed, and its P/L before and after. */
  dealId: number | null;
  oldPnlMinor: number | null;
  newPnlMinor: number | null;
}

interface RawLine {
  kind: StatementLineRow['kind'];
  time_ms: string;
  amount: string | number;
  symbol: string | null;
  side: 'buy' | 'sell' | null;
  entry: 'in' | 'out' | null;
  volume: string | number | null;
  price: string | number | null;
  reason: string | null;
  note: string | null;
  trailing: boolean | null;
  multiplier: string | number | null;
  transfer_kind: string | null;
  deal_id: string | number | null;
  old_pnl: string | number | null;
  new_pnl: string | number | null;
}

const orNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The period's lines, oldest first; at one instant a deal comes before the swap, transfer and
 * protection that may follow from it, then by id. At most `limit` rows (the caller asks one
 * more than it will show, to know when a period holds too many).
 */
export async function listStatementLines(
  db: Db,
  { accountId, ledgerCode }: StatementScope,
  { from, to, limit }: { from: Date; to: Date; limit: number },
): Promise<StatementLineRow[]> {
  const fromText = from.toISOString();
  const toText = to.toISOString();
  const inPeriod = (column: SQL) => sql`${column} >= ${fromText} and ${column} < ${toText}`;
  const ledgerArm = (side: 'credit' | 'debit') => sql`
    select 'transfer' as kind, t.created_at as time, 3 as rank, 0::bigint as seq,
      t.id::text as ref,
      ${side === 'credit' ? sql`t.amount_minor` : sql`-t.amount_minor`} as amount,
      null, null, null, null::integer, null::bigint, null, null, null::boolean, null::integer,
      t.kind, null::bigint, null::bigint, null::bigint
    from ledger_accounts a
      join ledger_transfers t on t.${sql.raw(side)}_account_id = a.id
    where a.code = ${ledgerCode} and t.state = 'posted' and t.kind not in ${ENGINE_KINDS}
      and ${inPeriod(sql`t.created_at`)}`;
  const ledger = ledgerCode
    ? sql`union all ${ledgerArm('credit')} union all ${ledgerArm('debit')}`
    : sql``;
  const { rows } = (await db.execute(sql`
    select l.kind, ${epochMs(sql`l.time`)} as time_ms, l.amount::text as amount, l.symbol, l.side,
      l.entry, l.volume, l.price::text as price, l.reason, l.note, l.trailing, l.multiplier,
      l.transfer_kind, l.deal_id::text as deal_id, l.old_pnl::text as old_pnl,
      l.new_pnl::text as new_pnl
    from (
      select 'deal' as kind, d.time, 0 as rank, d.id as seq, '' as ref, d.pnl_minor as amount,
        d.symbol, d.side, d.entry, d.volume, d.price, d.reason, d.note, d.trailing,
        null::integer as multiplier, null as transfer_kind, null::bigint as deal_id,
        null::bigint as old_pnl, null::bigint as new_pnl
      from trading_deals d
      where d.account_id = ${accountId} and ${inPeriod(sql`d.time`)}
      union all
      select 'swap', s.rollover_at, 1, s.id, '', s.amount_minor, p.symbol, p.side, null,
        s.volume, null, null, null, null, s.multiplier, null, null, null, null
      from trading_swaps s join trading_positions p on p.id = s.position_id
      where s.account_id = ${accountId} and ${inPeriod(sql`s.rollover_at`)}
      union all
      select 'protection', pr.time, 4, pr.id, '', pr.amount_minor, null, null, null, null, null,
        null, null, null, null, null, null, null, null
      from trading_protections pr
      where pr.account_id = ${accountId} and ${inPeriod(sql`pr.time`)}
      union all
      select 'correction', a.time, 2, a.id, '', a.new_pnl_minor - a.old_pnl_minor, d.symbol,
        d.side, null, d.volume, null, c.reason, null, null, null, null, a.deal_id,
        a.old_pnl_minor, a.new_pnl_minor
      from trading_deal_adjustments a
        join trading_deals d on d.id = a.deal_id
        join trading_deal_corrections c on c.id = a.correction_id
      where a.account_id = ${accountId} and ${inPeriod(sql`a.time`)}
      ${ledger}
    ) l
    order by l.time, l.rank, l.seq, l.ref
    limit ${limit}`)) as unknown as { rows: RawLine[] };
  return rows.map((row) => ({
    kind: row.kind,
    timeMs: Number(row.time_ms),
    amountMinor: Number(row.amount),
    symbol: row.symbol,
    side: row.side,
    entry: row.entry,
    volume: orNull(row.volume),
    price: orNull(row.price),
    reason: row.reason,
    note: row.note,
    trailing: row.trailing,
    multiplier: orNull(row.multiplier),
    transferKind: row.transfer_kind,
    dealId: orNull(row.deal_id),
    oldPnlMinor: orNull(row.old_pnl),
    newPnlMinor: orNull(row.new_pnl),
  }));
}

export interface SwapListRow {
  id: number;
  positionId: number;
  symbol: string;
  side: 'buy' | 'sell';
  volume: number;
  multiplier: number;
  amountMinor: number;
  rolloverAt: Date;
}

/**
 * A page of the account's nightly swaps, newest first, below the cursor (a swap id). Swaps are
 * posted rollover by rollover, oldest first, so id order is rollover order within an account.
 */
export async function listSwaps(
  db: Db,
  accountId: string,
  { before, limit }: { before: number | null; limit: number },
): Promise<SwapListRow[]> {
  return db
    .select({
      id: tradingSwaps.id,
      positionId: tradingSwaps.positionId,
      symbol: tradingPositions.symbol,
      side: tradingPositions.side,
      volume: tradingSwaps.volume,
      multiplier: tradingSwaps.multiplier,
      amountMinor: tradingSwaps.amountMinor,
      rolloverAt: tradingSwaps.rolloverAt,
    })
    .from(tradingSwaps)
    .innerJoin(tradingPositions, eq(tradingPositions.id, tradingSwaps.positionId))
    .where(
      and(
        eq(tradingSwaps.accountId, accountId),
        before === null ? undefined : lt(tradingSwaps.id, before),
      ),
    )
    .orderBy(desc(tradingSwaps.id))
    .limit(limit);
}
