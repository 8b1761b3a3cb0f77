// The tick log and the candles built from it (docs/prices.md, decision 121). A tick exists once
// it is written here: `seq` is the one global order every consumer (the engine's evaluator, the
// followers, the stream) reads in. Prices are integer points; the leader alone writes.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const ticks = pgTable(
  'ticks',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    bid: bigint('bid', { mode: 'number' }).notNull(),
    ask: bigint('ask', { mode: 'number' }).notNull(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    // "The latest tick of each symbol" (start, quotes) and the pruning probe.
    index('ticks_symbol_seq_idx').on(table.symbol, table.seq),
    // Retention: ticks older than TICK_RETENTION_HOURS.
    index('ticks_time_idx').on(table.time),
    check('ticks_bid_le_ask', sql`${table.bid} <= ${table.ask}`),
  ],
);

export const CANDLE_PERIOD_VALUES = ['1m', '5m', '15m', '1h', '1d'] as const;

export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    period: text('period', { enum: CANDLE_PERIOD_VALUES }).notNull(),
    /** The bucket's start (1d: the trading day's 21:00 UTC start). */
    bucket: timestamp('bucket', { withTimezone: true, precision: 3 }).notNull(),
    open: bigint('open', { mode: 'number' }).notNull(),
    high: bigint('high', { mode: 'number' }).notNull(),
    low: bigint('low', { mode: 'number' }).notNull(),
    close: bigint('close', { mode: 'number' }).notNull(),
    tickVolume: integer('tick_volume').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.period, table.bucket] }),
    check('candles_low_le_high', sql`${table.low} <= ${table.high}`),
    check('candles_tick_volume_positive', sql`${table.tickVolume} > 0`),
  ],
);

/**
 * Ticks the bad-tick filter held back (issue 19, decision 134): a quote whose mid moved more than
 * the desk's number of spreads from the last logged tick. `outcome` is set by the next quote:
 * `spike` when it came back near the last tick (the held one is never used), `confirmed` when it
 * stayed near the held one (the market really moved: that next quote is logged).
 */
export const priceHeldTicks = pgTable(
  'price_held_ticks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    bid: bigint('bid', { mode: 'number' }).notNull(),
    ask: bigint('ask', { mode: 'number' }).notNull(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
    lastBid: bigint('last_bid', { mode: 'number' }).notNull(),
    lastAsk: bigint('last_ask', { mode: 'number' }).notNull(),
    thresholdSpreads: integer('threshold_spreads').notNull(),
    outcome: text('outcome', { enum: ['pending', 'spike', 'confirmed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('price_held_ticks_symbol_idx').on(table.symbol, table.id),
    check('price_held_ticks_outcome', sql`${table.outcome} in ('pending', 'spike', 'confirmed')`),
  ],
);
