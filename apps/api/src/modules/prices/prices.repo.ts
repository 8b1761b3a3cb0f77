// SQL of the tick log and the candles. One statement per batch for the ticks (INSERT … SELECT
// FROM unnest) and one for the candles (aggregated in memory first, then one upsert), so the
// leader's cost per batch does not grow with its size. Works on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedSql } from '../../db/prepared.js';
import type { CandleRow } from './candle-batch.js';
import type { Tick } from './tick.js';

/** pg and PGlite both answer raw SQL with { rows }. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface NewTick {
  symbol: string;
  bid: number;
  ask: number;
  timeMs: number;
}

interface TickRow extends Record<string, unknown> {
  seq: string | number;
  symbol: string;
  bid: string | number;
  ask: string | number;
  time_ms: string | number;
}

function toTick(row: TickRow): Tick {
  return {
    seq: Number(row.seq),
    symbol: row.symbol,
    bid: Number(row.bid),
    ask: Number(row.ask),
    timeMs: Number(row.time_ms),
  };
}

const TICK_COLUMNS = sql.raw(
  `seq, symbol, bid, ask, (extract(epoch from time) * 1000)::bigint as time_ms`,
);

function isoTimes(times: readonly number[]): string[] {
  return times.map((ms) => new Date(ms).toISOString());
}

/**
 * Logs the ticks in the given order and returns them with their seq. The rows are inserted in
 * the batch's order, so seq increases along it: the k-th smallest seq returned is the k-th tick
 * (only the seqs come back, a fifth of the bytes of whole rows).
 */
const tickInsert = preparedSql<{ seq: string | number }, Record<string, string[]>>(
  'prices_tick_insert',
  () => sql`
    insert into ticks (symbol, bid, ask, time)
    select u.symbol, u.bid, u.ask, u.time
    from unnest(
      ${sql.placeholder('symbols')}::text[],
      ${sql.placeholder('bids')}::bigint[],
      ${sql.placeholder('asks')}::bigint[],
      ${sql.placeholder('times')}::timestamptz[]
    ) with ordinality as u(symbol, bid, ask, time, ord)
    order by u.ord
    returning seq`,
);

export async function insertTicks(tx: Db, batch: readonly NewTick[]): Promise<Tick[]> {
  if (batch.length === 0) return [];
  const rows = await tickInsert(tx, {
    symbols: batch.map((t) => t.symbol),
    bids: batch.map((t) => String(t.bid)),
    asks: batch.map((t) => String(t.ask)),
    times: isoTimes(batch.map((t) => t.timeMs)),
  });
  const seqs = rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
  if (seqs.length !== batch.length) throw new Error('the tick insert returned another row count');
  return batch.map((tick, index) => ({
    seq: seqs[index] as number,
    symbol: tick.symbol,
    bid: tick.bid,
    ask: tick.ask,
    timeMs: tick.timeMs,
  }));
}

const candleUpsert = preparedSql<never, Record<string, unknown[]>>(
  'prices_candle_upsert',
  () => sql`
    insert into candles (symbol, period, bucket, open, high, low, close, tick_volume)
    select * from unnest(
      ${sql.placeholder('symbols')}::text[],
      ${sql.placeholder('periods')}::text[],
      ${sql.placeholder('buckets')}::timestamptz[],
      ${sql.placeholder('opens')}::bigint[],
      ${sql.placeholder('highs')}::bigint[],
      ${sql.placeholder('lows')}::bigint[],
      ${sql.placeholder('closes')}::bigint[],
      ${sql.placeholder('volumes')}::int[]
    )
    on conflict (symbol, period, bucket) do update set
      high = greatest(candles.high, excluded.high),
      low = least(candles.low, excluded.low),
      close = excluded.close,
      tick_volume = candles.tick_volume + excluded.tick_volume`,
);

/** Adds a batch's candle aggregates to the stored candles (open kept, high/low widened). */
export async function upsertCandles(tx: Db, rows: readonly CandleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await candleUpsert(tx, {
    symbols: rows.map((r) => r.symbol),
    periods: rows.map((r) => r.period),
    buckets: isoTimes(rows.map((r) => r.bucketMs)),
    opens: rows.map((r) => String(r.open)),
    highs: rows.map((r) => String(r.high)),
    lows: rows.map((r) => String(r.low)),
    closes: rows.map((r) => String(r.close)),
    volumes: rows.map((r) => r.tickVolume),
  });
}

/** The logged ticks after `afterSeq`, oldest first. */
export async function selectTicksAfter(db: Db, afterSeq: number, limit: number): Promise<Tick[]> {
  const rows = await rowsOf<TickRow>(
    db,
    sql`
    select ${TICK_COLUMNS} from ticks where seq > ${afterSeq} order by seq limit ${limit}`,
  );
  return rows.map(toTick);
}

/**
 * Each of `symbols`' last logged tick at or before `timeMs` (the prices a rollover's swaps
 * convert at, §11.13): one probe of each symbol's index from the newest seq down, within the
 * tick log's retention.
 */
export async function selectLatestTicksAt(
  db: Db,
  symbols: readonly string[],
  timeMs: number,
): Promise<Tick[]> {
  const at = new Date(timeMs).toISOString();
  const rows = await rowsOf<TickRow>(
    db,
    sql`
    select ${TICK_COLUMNS}
    from (select unnest(${sql.param([...symbols])}::text[]) as symbol) s
    cross join lateral (
      select t.seq, t.bid, t.ask, t.time from ticks t
      where t.symbol = s.symbol and t.time <= ${at}
      order by t.seq desc limit 1
    ) l`,
  );
  return rows.map(toTick);
}

/** Ticks with from ≤ seq ≤ to (a follower reading a batch too large for a notification). */
export async function selectTickRange(db: Db, from: number, to: number): Promise<Tick[]> {
  const rows = await rowsOf<TickRow>(
    db,
    sql`
    select ${TICK_COLUMNS} from ticks where seq between ${from} and ${to} order by seq`,
  );
  return rows.map(toTick);
}

/** The newest logged tick of every symbol. */
export async function selectLatestTicks(db: Db): Promise<Tick[]> {
  const rows = await rowsOf<TickRow>(
    db,
    sql`
    select ${TICK_COLUMNS} from ticks
    where seq in (select max(seq) from ticks group by symbol)
    order by seq`,
  );
  return rows.map(toTick);
}

/**
 * Removes ticks older than `before` and below `floorSeq`, but never a symbol's newest tick (a
 * market closed for the weekend keeps its last quote, and a restart resumes from it).
 */
export async function deleteOldTicks(
  db: Db,
  { before, floorSeq }: { before: number; floorSeq: number },
): Promise<number> {
  const rows = await rowsOf<{ seq: string }>(
    db,
    sql`
    delete from ticks t
    where t.time < ${new Date(before).toISOString()}::timestamptz
      and t.seq < ${floorSeq}
      and exists (select 1 from ticks n where n.symbol = t.symbol and n.seq > t.seq)
    returning t.seq`,
  );
  return rows.length;
}

export interface StoredCandle {
  bucketMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  tickVolume: number;
}

interface CandleDbRow extends Record<string, unknown> {
  bucket_ms: string | number;
  open: string | number;
  high: string | number;
  low: string | number;
  close: string | number;
  tick_volume: string | number;
}

/** The newest `limit` candles of a symbol and period, returned oldest first. */
export async function selectCandles(
  db: Db,
  { symbol, period, limit }: { symbol: string; period: string; limit: number },
): Promise<StoredCandle[]> {
  const rows = await rowsOf<CandleDbRow>(
    db,
    sql`
    select (extract(epoch from bucket) * 1000)::bigint as bucket_ms, open, high, low, close,
      tick_volume
    from candles where symbol = ${symbol} and period = ${period}
    order by bucket desc limit ${limit}`,
  );
  return rows
    .map((row) => ({
      bucketMs: Number(row.bucket_ms),
      open: Number(row.open),
      high: Number(row.high),
      low: Number(row.low),
      close: Number(row.close),
      tickVolume: Number(row.tick_volume),
    }))
    .reverse();
}

/** The close of each symbol's last 1d candle that started before `bucketMs` (for "change"). */
export async function selectPreviousDailyCloses(
  db: Db,
  beforeBucketMs: number,
): Promise<Map<string, number>> {
  const rows = await rowsOf<{ symbol: string; close: string | number }>(
    db,
    sql`
    select distinct on (symbol) symbol, close from candles
    where period = '1d' and bucket < ${new Date(beforeBucketMs).toISOString()}::timestamptz
    order by symbol, bucket desc`,
  );
  return new Map(rows.map((row) => [row.symbol, Number(row.close)]));
}

/** Drops each period's candles from its first rebuilt bucket on (a rebuild writes them anew). */
export async function deleteCandlesFrom(
  db: Db,
  firstBucket: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [period, bucketMs] of firstBucket) {
    await db.execute(sql`
      delete from candles
      where period = ${period} and bucket >= ${new Date(bucketMs).toISOString()}::timestamptz`);
  }
}
