// Money: the double-entry ledger, the client's statement with its timeline, and plans held.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns.js';
import { clients } from './accounts.js';

// Indexes for "newest first" lists are ascending: a backward scan serves ORDER BY … DESC. Never
// `.desc()` in an index: Drizzle writes DESC NULLS LAST, which a plain DESC query cannot use, and
// the list sorts the whole history instead (db/index-order.test.ts, migration 0006).

// Ledger (docs/decisions/040-ledger.md, docs/ledger.md): double-entry accounts with four
// maintained totals in cents, and append-only transfers between two accounts. Only a pending
// transfer's state (and resolved_at) ever changes.
export const LEDGER_TRANSFER_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_fee',
  'plan_purchase',
  'plan_bonus',
  'profit',
  'bonus',
  'referral_bonus',
  'adjustment',
  'reversal',
  // Trading (docs/trading.md, §11.14): wallet ↔ live account, realised P/L; swap and nbp are
  // reserved for the risk rules (issue 19).
  'trading_in',
  'trading_out',
  'trade_pnl',
  'swap',
  'nbp',
] as const;
export const LEDGER_TRANSFER_STATES = ['pending', 'posted', 'voided'] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];
export type LedgerTransferState = (typeof LEDGER_TRANSFER_STATES)[number];

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'client:<uuid>:cash' or 'platform:<name>'. */
    code: text('code').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull().default('USD'),
    debitsPosted: cents('debits_posted'),
    creditsPosted: cents('credits_posted'),
    debitsPending: cents('debits_pending'),
    creditsPending: cents('credits_pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_unique').on(t.code),
    uniqueIndex('ledger_accounts_client_unique').on(t.clientId),
    check(
      'ledger_accounts_totals_non_negative',
      sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`,
    ),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_TRANSFER_KINDS }).notNull(),
    state: text('state', { enum: LEDGER_TRANSFER_STATES }).notNull(),
    idempotencyKey: text('idempotency_key'),
    /** 'client:<id>', 'staff:<id>' or 'system'. */
    actor: text('actor').notNull(),
    reversesTransferId: uuid('reverses_transfer_id').references(
      (): AnyPgColumn => ledgerTransfers.id,
      { onDelete: 'restrict' },
    ),
    /** The transfer this one belongs with (a withdrawal's fee, a deposit's referral bonus). */
    linkedTransferId: uuid('linked_transfer_id').references((): AnyPgColumn => ledgerTransfers.id, {
      onDelete: 'restrict',
    }),
    /** The date staff gave the event (the seed's `date`), when it differs from created_at. */
    businessDate: timestamp('business_date', { withTimezone: true }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('ledger_transfers_debit_created_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_credit_created_idx').on(t.creditAccountId, t.createdAt),
    uniqueIndex('ledger_transfers_idempotency_unique').on(t.actor, t.idempotencyKey),
    uniqueIndex('ledger_transfers_reverses_unique').on(t.reversesTransferId),
    index('ledger_transfers_linked_idx').on(t.linkedTransferId),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_amount_positive', sql`${t.amountMinor} > 0`),
    check('ledger_transfers_kind_valid', sql`${t.kind} in (${inList(LEDGER_TRANSFER_KINDS)})`),
    check('ledger_transfers_state_valid', sql`${t.state} in (${inList(LEDGER_TRANSFER_STATES)})`),
    check(
      'ledger_transfers_reversal_link',
      sql`(${t.kind} = 'reversal') = (${t.reversesTransferId} is not null)`,
    ),
  ],
);

/**
 * Net posted cents per account and kind, maintained in the same transaction as the postings, so
 * the seed's finances entry (deposited, profit, bonus, ref. bonus) is read, never summed from
 * history (docs/ledger.md). A reversal counts against the kind of the transfer it reverses.
 */
export const ledgerKindTotals = pgTable(
  'ledger_kind_totals',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: LEDGER_TRANSFER_KINDS }).notNull(),
    netPostedMinor: cents('net_posted_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind] }),
    check('ledger_kind_totals_kind_valid', sql`${t.kind} in (${inList(LEDGER_TRANSFER_KINDS)})`),
  ],
);

// The client's statement (the seed's "transactions"): one row per deposit or withdrawal request,
// staff posting, plan purchase, bonus or reversal, with the status the client sees. The ledger
// is the source of truth for money; each completed row points at the transfer that moved it,
// and a pending withdrawal at its hold. Only status, reason, the transfer links and updated_at
// change; what happened and when is the append-only event list below.
// Kept literal for drizzle-kit; schema.test.ts checks them against @brokerdesk/shared.
export const TRANSACTION_TYPE_VALUES = [
  'deposit',
  'withdrawal',
  'profit',
  'bonus',
  'plan_bonus',
  'ref_bonus',
  'adjustment',
  'subscription',
  'reversal',
  'transfer',
] as const;
export const TRANSACTION_STATUS_VALUES = [
  'pending',
  'completed',
  'rejected',
  'cancelled',
  'failed',
  'reversed',
] as const;
export const TRANSACTION_EVENT_VALUES = [
  'requested',
  'recorded',
  'endorsed',
  'confirmed',
  'approved',
  'rejected',
  'cancelled',
  'failed',
  'reversed',
] as const;
export const DIRECTIONS = ['credit', 'debit'] as const;
export type TransactionTypeValue = (typeof TRANSACTION_TYPE_VALUES)[number];
export type TransactionStatusValue = (typeof TRANSACTION_STATUS_VALUES)[number];
export type TransactionEventValue = (typeof TRANSACTION_EVENT_VALUES)[number];

export const clientTransactions = pgTable(
  'client_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    type: text('type', { enum: TRANSACTION_TYPE_VALUES }).notNull(),
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: cents('fee_minor'),
    status: text('status', { enum: TRANSACTION_STATUS_VALUES }).notNull(),
    method: text('method'),
    destination: text('destination'),
    reason: text('reason'),
    /** Set when staff must see card documents before confirming (docs/origin.md §5). */
    needsDocuments: boolean('needs_documents').notNull().default(false),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id, {
      onDelete: 'restrict',
    }),
    feeTransferId: uuid('fee_transfer_id').references(() => ledgerTransfers.id, {
      onDelete: 'restrict',
    }),
    /** The row this one follows from: a plan's bonus → its purchase, a ref. bonus → the deposit, a reversal → the original. */
    relatedId: uuid('related_id').references((): AnyPgColumn => clientTransactions.id, {
      onDelete: 'restrict',
    }),
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => subscriptions.id, {
      onDelete: 'restrict',
    }),
    /** 'client:<id>', 'staff:<id>' or 'system'. */
    createdBy: text('created_by').notNull(),
    idempotencyKey: text('idempotency_key'),
    businessDate: timestamp('business_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // History pages (keyset on created_at, id), unfiltered and by type or status.
    index('client_transactions_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('client_transactions_client_type_idx').on(t.clientId, t.type, t.createdAt, t.id),
    index('client_transactions_client_status_idx').on(t.clientId, t.status, t.createdAt, t.id),
    // The staff queue: pending requests, oldest first.
    index('client_transactions_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('client_transactions_related_idx').on(t.relatedId),
    uniqueIndex('client_transactions_idempotency_unique').on(t.createdBy, t.idempotencyKey),
    check('client_transactions_amount_positive', sql`${t.amountMinor} > 0`),
    check('client_transactions_fee_non_negative', sql`${t.feeMinor} >= 0`),
    check('client_transactions_type_valid', sql`${t.type} in (${inList(TRANSACTION_TYPE_VALUES)})`),
    check(
      'client_transactions_status_valid',
      sql`${t.status} in (${inList(TRANSACTION_STATUS_VALUES)})`,
    ),
    check('client_transactions_direction_valid', sql`${t.direction} in (${inList(DIRECTIONS)})`),
    // Money that moved has a transfer; a failed or rejected row never does.
    check(
      'client_transactions_completed_has_transfer',
      sql`${t.status} not in ('completed', 'reversed') or ${t.transferId} is not null`,
    ),
  ],
);

/** The timeline of a statement row: append-only (no update or delete path in code). */
export const clientTransactionEvents = pgTable(
  'client_transaction_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => clientTransactions.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: TRANSACTION_EVENT_VALUES }).notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    /** A staff action's key: a repeat with it returns the first result (unique per actor). */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_transaction_events_transaction_idx').on(t.transactionId, t.createdAt),
    uniqueIndex('client_transaction_events_idempotency_unique').on(t.actor, t.idempotencyKey),
    check(
      'client_transaction_events_kind_valid',
      sql`${t.kind} in (${inList(TRANSACTION_EVENT_VALUES)})`,
    ),
  ],
);

// Plans held by clients (docs/product.md §10). Status is computed on read (Active until end_at, then
// Completed) unless staff gave another status through the seed's form.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The catalogue plan; null for a plan staff created by hand. */
    planId: text('plan_id'),
    planName: text('plan_name').notNull(),
    amountMinor: cents('amount_minor'),
    bonusMinor: cents('bonus_minor'),
    /** Percent × 100, display only: profit is only ever credited by staff (docs/product.md §10). */
    profitPercentBp: bigint('profit_percent_bp', { mode: 'number' }).notNull().default(0),
    durationDays: bigint('duration_days', { mode: 'number' }).notNull(),
    /** A status staff typed other than Active; null means computed from the dates. */
    statusOverride: text('status_override'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    purchaseTransactionId: uuid('purchase_transaction_id').references(() => clientTransactions.id, {
      onDelete: 'restrict',
    }),
    createdBy: text('created_by').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_client_created_idx').on(t.clientId, t.createdAt, t.id),
    // The public activity feed: recent subscriptions of every client.
    index('subscriptions_created_idx').on(t.createdAt, t.id),
    uniqueIndex('subscriptions_idempotency_unique').on(t.createdBy, t.idempotencyKey),
    check('subscriptions_amount_non_negative', sql`${t.amountMinor} >= 0 and ${t.bonusMinor} >= 0`),
    check('subscriptions_duration_positive', sql`${t.durationDays} > 0`),
    check('subscriptions_dates_ordered', sql`${t.endAt} >= ${t.startAt}`),
  ],
);
