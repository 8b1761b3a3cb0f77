// Trading (docs/trading.md, decision 120): demo and live trading accounts, orders, positions,
// deals, the idempotency record of client requests and the tick evaluator's cursor. Prices are
// integer points, volumes integer centilots, money integer cents (docs/product.md §11.1).
// Orders, positions and deals have increasing bigint ids: the evaluator works "in ascending id"
// and of two OCO orders triggered by one tick the lower id fills (§11.8, §11.9).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns.js';
import { clients, staff } from './accounts.js';
import { ledgerTransfers } from './money.js';

// Kept literal for drizzle-kit.
export const TRADING_ACCOUNT_KIND_VALUES = ['demo', 'live'] as const;
export const TRADING_ACCOUNT_STATUS_VALUES = ['open', 'archived'] as const;
export const TRADING_SIDE_VALUES = ['buy', 'sell'] as const;
export const TRADING_ORDER_TYPE_VALUES = ['market', 'limit', 'stop'] as const;
export const TRADING_TIF_VALUES = ['GTC', 'GTD', 'DAY'] as const;
export const TRADING_ORDER_STATUS_VALUES = [
  'pending',
  'filled',
  'cancelled',
  'expired',
  'rejected',
] as const;
export const TRADING_POSITION_STATUS_VALUES = ['open', 'closed'] as const;
export const TRADING_DEAL_ENTRY_VALUES = ['in', 'out'] as const;
export const TRADING_DEAL_REASON_VALUES = [
  'client',
  'sl',
  'tp',
  'stop_out',
  'staff',
  'reset',
] as const;
export type TradingAccountKind = (typeof TRADING_ACCOUNT_KIND_VALUES)[number];
export type TradingOrderStatus = (typeof TRADING_ORDER_STATUS_VALUES)[number];
export type TradingDealReason = (typeof TRADING_DEAL_REASON_VALUES)[number];

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const points = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: TRADING_ACCOUNT_KIND_VALUES }).notNull(),
    status: text('status', { enum: TRADING_ACCOUNT_STATUS_VALUES }).notNull().default('open'),
    /** Demo only: the stored balance. A live balance is its ledger account's (§11.14). */
    balanceMinor: cents('balance_minor'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    archivedAt: at('archived_at'),
    /**
     * The risk rules' state (§11.12, decision 126): when the current margin-call episode began
     * (null outside one), and how many episodes and stop-out sequences there have been. Each
     * number moves in the transaction that mails about it, so each mail goes out once.
     */
    marginCallSince: at('margin_call_since'),
    marginCallEpisodes: integer('margin_call_episodes').notNull().default(0),
    stopOutSequences: integer('stop_out_sequences').notNull().default(0),
    /**
     * The client's category (decision 132), copied from client_trading_profiles at the open and
     * on every change, so a fill reads its leverage cap from the locked row without a query.
     */
    category: text('category', { enum: ['retail', 'professional'] })
      .notNull()
      .default('retail'),
  },
  (t) => [
    // The risk rules' screen reads the accounts in an episode on every batch of ticks.
    index('trading_accounts_margin_call_idx')
      .on(t.id)
      .where(sql`${t.marginCallSince} is not null`),
    uniqueIndex('trading_accounts_client_kind_open_unique')
      .on(t.clientId, t.kind)
      .where(sql`${t.status} = 'open'`),
    index('trading_accounts_client_idx').on(t.clientId, t.createdAt),
    check(
      'trading_accounts_kind_valid',
      sql`${t.kind} in (${inList(TRADING_ACCOUNT_KIND_VALUES)})`,
    ),
    check('trading_accounts_category_valid', sql`${t.category} in ('retail', 'professional')`),
    check(
      'trading_accounts_status_valid',
      sql`${t.status} in (${inList(TRADING_ACCOUNT_STATUS_VALUES)})`,
    ),
    check(
      'trading_accounts_live_no_stored_balance',
      sql`${t.kind} = 'demo' or ${t.balanceMinor} = 0`,
    ),
  ],
);

export const tradingOrders = pgTable(
  'trading_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: TRADING_SIDE_VALUES }).notNull(),
    type: text('type', { enum: TRADING_ORDER_TYPE_VALUES }).notNull(),
    volume: integer('volume').notNull(),
    /** Pending orders: the order price; market orders: null. */
    price: points('price'),
    sl: points('sl'),
    tp: points('tp'),
    trailingPoints: integer('trailing_points'),
    timeInForce: text('time_in_force', { enum: TRADING_TIF_VALUES }),
    expiresAt: at('expires_at'),
    status: text('status', { enum: TRADING_ORDER_STATUS_VALUES }).notNull(),
    /**
     * The tick its price was checked against when placed or last modified: a pending order
     * triggers only on later ticks, so an evaluator that is behind (or re-runs ticks after a
     * crash) never fills it at a price from before the client set it.
     */
    armedSeq: bigint('armed_seq', { mode: 'number' }).notNull(),
    ocoGroupId: uuid('oco_group_id'),
    /** Why a triggered order was rejected (INSUFFICIENT_MARGIN). */
    rejectCode: text('reject_code'),
    /** The position its fill opened. */
    positionId: bigint('position_id', { mode: 'number' }),
    requestKey: text('request_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('trading_orders_account_idx').on(t.accountId, t.id),
    // The evaluator's candidates: pending orders of one symbol whose price the tick crossed.
    index('trading_orders_pending_idx')
      .on(t.symbol, t.side, t.type, t.price)
      .where(sql`${t.status} = 'pending'`),
    index('trading_orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending' and ${t.expiresAt} is not null`),
    index('trading_orders_oco_idx').on(t.ocoGroupId),
    check('trading_orders_side_valid', sql`${t.side} in (${inList(TRADING_SIDE_VALUES)})`),
    check('trading_orders_type_valid', sql`${t.type} in (${inList(TRADING_ORDER_TYPE_VALUES)})`),
    check(
      'trading_orders_status_valid',
      sql`${t.status} in (${inList(TRADING_ORDER_STATUS_VALUES)})`,
    ),
    check('trading_orders_volume_positive', sql`${t.volume} > 0`),
    check('trading_orders_pending_has_price', sql`${t.type} = 'market' or ${t.price} is not null`),
  ],
);

export const tradingPositions = pgTable(
  'trading_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => tradingOrders.id, {
      onDelete: 'restrict',
    }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: TRADING_SIDE_VALUES }).notNull(),
    volume: integer('volume').notNull(),
    openPrice: points('open_price').notNull(),
    openTime: at('open_time').notNull(),
    openTickSeq: bigint('open_tick_seq', { mode: 'number' }).notNull(),
    sl: points('sl'),
    tp: points('tp'),
    trailingPoints: integer('trailing_points'),
    /** The tick of the open or of the last change of SL/TP/trail: stops act on later ticks only. */
    stopsArmedSeq: bigint('stops_armed_seq', { mode: 'number' }).notNull(),
    marginMinor: bigint('margin_minor', { mode: 'number' }).notNull(),
    /** Effective leverage, fixed at the open (§11.7). */
    leverage: integer('leverage').notNull(),
    /** R(quote) at the fill tick as a reduced fraction (decimal BigInt text): margin inputs. */
    openRateNum: text('open_rate_num').notNull(),
    openRateDen: text('open_rate_den').notNull(),
    swapMinor: cents('swap_minor'),
    status: text('status', { enum: TRADING_POSITION_STATUS_VALUES }).notNull().default('open'),
    closedAt: at('closed_at'),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('trading_positions_account_idx').on(t.accountId, t.id),
    // The evaluator's candidates, each a range scan per tick: stop losses and take profits the
    // price crossed (by side), and every position with a trailing stop.
    index('trading_positions_sl_idx')
      .on(t.symbol, t.side, t.sl)
      .where(sql`${t.status} = 'open' and ${t.sl} is not null`),
    index('trading_positions_tp_idx')
      .on(t.symbol, t.side, t.tp)
      .where(sql`${t.status} = 'open' and ${t.tp} is not null`),
    index('trading_positions_trailing_idx')
      .on(t.symbol, t.id)
      .where(sql`${t.status} = 'open' and ${t.trailingPoints} is not null`),
    index('trading_positions_open_symbol_idx')
      .on(t.symbol, t.accountId)
      .where(sql`${t.status} = 'open'`),
    check('trading_positions_side_valid', sql`${t.side} in (${inList(TRADING_SIDE_VALUES)})`),
    check(
      'trading_positions_status_valid',
      sql`${t.status} in (${inList(TRADING_POSITION_STATUS_VALUES)})`,
    ),
    check('trading_positions_volume_positive', sql`${t.volume} > 0`),
  ],
);

export const tradingDeals = pgTable(
  'trading_deals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The effect's key (§11.15): fill:<orderId>, close:<positionId>, partial:<id>:<version>. */
    key: text('key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => tradingPositions.id, { onDelete: 'restrict' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => tradingOrders.id, {
      onDelete: 'restrict',
    }),
    symbol: text('symbol').notNull(),
    /** The position's side. */
    side: text('side', { enum: TRADING_SIDE_VALUES }).notNull(),
    /** in = a fill that opened the position, out = a close (full or part). */
    entry: text('entry', { enum: TRADING_DEAL_ENTRY_VALUES }).notNull(),
    volume: integer('volume').notNull(),
    price: points('price').notNull(),
    /** The tick that made it; null for a reset (no price). */
    tickSeq: bigint('tick_seq', { mode: 'number' }),
    time: at('time').notNull(),
    pnlMinor: cents('pnl_minor'),
    swapMinor: cents('swap_minor'),
    reason: text('reason', { enum: TRADING_DEAL_REASON_VALUES }).notNull(),
    /** 'client:<id>', 'system' or 'staff:<id>' (with a reason, issue 19). */
    closedBy: text('closed_by'),
    /** Why a member of staff closed it (reason 'staff'): shown to the client as written. */
    note: text('note'),
    trailing: boolean('trailing').notNull().default(false),
    /** Live accounts: the trade_pnl transfer of a non-zero P/L. */
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    /**
     * A close's conversion rate R (quote currency → USD) as a reduced fraction, kept so a
     * correction (decision 136) recomputes its P/L exactly; null for opening deals, resets and
     * closes made before it was kept.
     */
    rateNum: text('rate_num'),
    rateDen: text('rate_den'),
  },
  (t) => [
    uniqueIndex('trading_deals_key_unique').on(t.key),
    index('trading_deals_account_idx').on(t.accountId, t.id),
    index('trading_deals_position_idx').on(t.positionId),
    // The dealing desk's recent stop-outs, newest first.
    index('trading_deals_stop_out_idx')
      .on(t.id)
      .where(sql`${t.reason} = 'stop_out'`),
    check('trading_deals_side_valid', sql`${t.side} in (${inList(TRADING_SIDE_VALUES)})`),
    check('trading_deals_entry_valid', sql`${t.entry} in (${inList(TRADING_DEAL_ENTRY_VALUES)})`),
    check(
      'trading_deals_reason_valid',
      sql`${t.reason} in (${inList(TRADING_DEAL_REASON_VALUES)})`,
    ),
    check('trading_deals_volume_positive', sql`${t.volume} > 0`),
    check('trading_deals_staff_note', sql`${t.reason} <> 'staff' or ${t.note} is not null`),
  ],
);

/**
 * A deal the dealing desk corrected (decision 136): it was filled at a bad price, and `new_price`
 * is the one it should have had. The deal row keeps what happened; its price now is the newest
 * correction's. Correcting an opening deal moves its position's open price.
 */
export const tradingDealCorrections = pgTable(
  'trading_deal_corrections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => tradingDeals.id, { onDelete: 'restrict' }),
    oldPrice: points('old_price').notNull(),
    newPrice: points('new_price').notNull(),
    /** Shown to the client as written. */
    reason: text('reason').notNull(),
    correctedBy: uuid('corrected_by')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    time: at('time').notNull(),
  },
  (t) => [
    index('trading_deal_corrections_deal_idx').on(t.dealId, t.id),
    index('trading_deal_corrections_account_idx').on(t.accountId, t.id),
    check('trading_deal_corrections_reason', sql`length(${t.reason}) > 0`),
    check('trading_deal_corrections_moves', sql`${t.oldPrice} <> ${t.newPrice}`),
  ],
);

/**
 * A closing deal's P/L changed by a correction (decision 136): the old P/L reversed and the new
 * one posted, both at the correction's time (live: two trade_pnl transfers keyed
 * correction:<id>:reversal and correction:<id>:posting; demo: the stored balance by the
 * difference). The statement shows both; the deal's P/L now is the newest adjustment's.
 */
export const tradingDealAdjustments = pgTable(
  'trading_deal_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    correctionId: bigint('correction_id', { mode: 'number' })
      .notNull()
      .references(() => tradingDealCorrections.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => tradingDeals.id, { onDelete: 'restrict' }),
    oldPnlMinor: bigint('old_pnl_minor', { mode: 'number' }).notNull(),
    newPnlMinor: bigint('new_pnl_minor', { mode: 'number' }).notNull(),
    time: at('time').notNull(),
    reversalTransferId: uuid('reversal_transfer_id').references(() => ledgerTransfers.id, {
      onDelete: 'restrict',
    }),
    postingTransferId: uuid('posting_transfer_id').references(() => ledgerTransfers.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('trading_deal_adjustments_deal_idx').on(t.dealId, t.id),
    index('trading_deal_adjustments_account_idx').on(t.accountId, t.id),
    index('trading_deal_adjustments_correction_idx').on(t.correctionId),
    check('trading_deal_adjustments_moves', sql`${t.oldPnlMinor} <> ${t.newPnlMinor}`),
  ],
);

/**
 * Negative balance protection (§11.12): an account left flat with a balance below zero is
 * credited exactly what it lacks, once per event (key nbp:<deal key>). Live accounts post it
 * platform:nbp → client:<id>:trading through the ledger; demo accounts to the stored balance.
 */
export const tradingProtections = pgTable(
  'trading_protections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    time: at('time').notNull(),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('trading_protections_key_unique').on(t.key),
    index('trading_protections_account_idx').on(t.accountId, t.id),
    check('trading_protections_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * One position's swap at one rollover (§11.13), once: key swap:<positionId>:<YYYY-MM-DD of T>.
 * Posted to the balance (live: the `swap` transfer, `transfer_id`; demo: the stored balance) and
 * added to the position's swap_minor in the same transaction. Zero amounts are not stored.
 */
export const tradingSwaps = pgTable(
  'trading_swaps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => tradingPositions.id, { onDelete: 'restrict' }),
    rolloverAt: at('rollover_at').notNull(),
    /** The position's volume at the rollover, in centilots. */
    volume: integer('volume').notNull(),
    multiplier: integer('multiplier').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('trading_swaps_key_unique').on(t.key),
    index('trading_swaps_account_idx').on(t.accountId, t.id),
    check('trading_swaps_amount_non_zero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * A client request's answer, per (account, Idempotency-Key): a repeat gets the stored status and
 * body and changes nothing. Business refusals are stored; malformed requests never reach here.
 */
export const tradingRequests = pgTable(
  'trading_requests',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    key: text('key').notNull(),
    /** Which call and body it answered (a key reused for another request is refused). */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/** The evaluator's cursor: the last tick seq whose effects are committed (one row, id 1). */
export const tradingEvaluatorCursor = pgTable(
  'trading_evaluator_cursor',
  {
    id: integer('id').primaryKey(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    /** The last rollover whose swaps are all posted (null until the engine first runs). */
    swapsThrough: at('swaps_through'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('trading_evaluator_cursor_one_row', sql`${t.id} = 1`)],
);

/**
 * The dealing desk's settings of an instrument (issue 19, decision 130), one row per change,
 * each complete: the latest row of a symbol is in force; none means the catalogue's values.
 * `effective_at` is the engine's time of the change (replay time in replay mode): a swap at
 * rollover T uses the latest row effective before T, so staff rate changes apply from the next
 * rollover, even when a rollover is posted late.
 */
export const tradingInstrumentSettings = pgTable(
  'trading_instrument_settings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    /** Off: new orders and modifications refused, pending orders wait; closes still work. */
    tradingEnabled: boolean('trading_enabled').notNull(),
    /** Whole points added to the catalogue spread of generated quotes (§11.2, §11.4). */
    spreadMarkupPoints: integer('spread_markup_points').notNull(),
    /** Centilots; null = the catalogue's maximum. */
    maxVolume: integer('max_volume'),
    /** Caps the catalogue's 1:L for positions opened from now; null = no cap. */
    leverageCap: integer('leverage_cap'),
    /** Hundredths of a point per lot per night. */
    swapLongHundredths: integer('swap_long_hundredths').notNull(),
    swapShortHundredths: integer('swap_short_hundredths').notNull(),
    /** Hold back a quote whose mid moves more than this many spreads (decision 134); null = off. */
    badTickSpreads: integer('bad_tick_spreads'),
    /** The book's largest net notional on the instrument, whole US$ (decision 135); null = none. */
    exposureLimitUsd: integer('exposure_limit_usd'),
    reason: text('reason').notNull(),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    effectiveAt: at('effective_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trading_instrument_settings_symbol_idx').on(t.symbol, t.id),
    check('trading_instrument_settings_markup', sql`${t.spreadMarkupPoints} >= 0`),
    check(
      'trading_instrument_settings_max_volume',
      sql`${t.maxVolume} is null or ${t.maxVolume} > 0`,
    ),
    check(
      'trading_instrument_settings_leverage_cap',
      sql`${t.leverageCap} is null or ${t.leverageCap} >= 1`,
    ),
    check('trading_instrument_settings_reason', sql`length(${t.reason}) > 0`),
    check(
      'trading_instrument_settings_exposure_limit',
      sql`${t.exposureLimitUsd} is null or ${t.exposureLimitUsd} >= 1`,
    ),
    check(
      'trading_instrument_settings_bad_tick',
      sql`${t.badTickSpreads} is null or ${t.badTickSpreads} >= 1`,
    ),
  ],
);

/**
 * The dealing desk's trading controls (issue 19, decision 133): one row per change, for the whole
 * platform (client_id null) or one client; the latest row of each is in force. Modes: normal,
 * close_only, halted.
 */
export const tradingControls = pgTable(
  'trading_controls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    mode: text('mode', { enum: ['normal', 'close_only', 'halted'] }).notNull(),
    /**
     * A client's largest gross notional on live accounts, whole US$ (decision 135). On the
     * platform's row: every client's, unless their own row sets one. Null = none.
     */
    exposureLimitUsd: integer('exposure_limit_usd'),
    reason: text('reason').notNull(),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('trading_controls_client_idx').on(t.clientId, t.id),
    check('trading_controls_mode', sql`${t.mode} in ('normal', 'close_only', 'halted')`),
    check('trading_controls_reason', sql`length(${t.reason}) > 0`),
    check(
      'trading_controls_exposure_limit',
      sql`${t.exposureLimitUsd} is null or ${t.exposureLimitUsd} >= 1`,
    ),
  ],
);
