// The one database schema (Drizzle pg-core). Migrations in ./migrations are generated from it
// with `npm run db:generate -w @brokerdesk/api`; the database is the last guard, so the rules
// that must never break are CHECK / UNIQUE / foreign-key constraints here.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Kept literal (not imported from @brokerdesk/shared) because drizzle-kit loads this file on
// its own; db/schema.test.ts checks it against STAFF_ROLES.
export const STAFF_ROLE_VALUES = [
  'owner',
  'operations',
  'support',
  'compliance',
  'auditor',
] as const;
export const SESSION_KINDS = ['client', 'staff'] as const;
export const SESSION_SCOPES = ['full', 'totp-enrolment'] as const;

export type SessionKind = (typeof SESSION_KINDS)[number];
export type SessionScope = (typeof SESSION_SCOPES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Indexes for "newest first" lists are ascending: a backward scan serves ORDER BY … DESC. Never
// `.desc()` in an index: Drizzle writes DESC NULLS LAST, which a plain DESC query cannot use, and
// the list sorts the whole history instead (db/index-order.test.ts, migration 0006).

function inList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => clients.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    /** Set by staff: a disabled client cannot sign in and their sessions are revoked. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('clients_email_unique').on(t.email),
    uniqueIndex('clients_referral_code_unique').on(t.referralCode),
    // allUsers lists newest first; a backward scan of (created_at, id) serves that order.
    index('clients_created_at_idx').on(t.createdAt, t.id),
    index('clients_referred_by_idx').on(t.referredBy),
    // The staff client list sorts by name, e-mail or country.
    index('clients_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('clients_country_idx').on(t.country, t.id),
    // E-mails are compared case-insensitively by storing them lower-case only.
    check('clients_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: STAFF_ROLE_VALUES }).notNull(),
    /** Base32 TOTP secret once enrolment is confirmed; null means not enrolled. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment but not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted, so a code cannot be replayed within its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_username_unique').on(sql`lower(${t.username})`),
    check('staff_role_valid', sql`${t.role} in (${inList(STAFF_ROLE_VALUES)})`),
  ],
);

/** One-time recovery codes for staff TOTP, stored as SHA-256 hashes (they are random). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_unique').on(t.staffId, t.codeHash)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: SESSION_SCOPES }).notNull().default('full'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Moved forward at most once a minute; a session idle for too long stops working. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the account page's session list shows, so a client can tell devices apart. */
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_client_id_idx').on(t.clientId),
    index('sessions_staff_id_idx').on(t.staffId),
    check('sessions_kind_valid', sql`${t.kind} in (${inList(SESSION_KINDS)})`),
    check('sessions_scope_valid', sql`${t.scope} in (${inList(SESSION_SCOPES)})`),
    // Exactly the owner column of the session's kind is set; client sessions are always full.
    check(
      'sessions_owner_matches_kind',
      sql`(${t.kind} = 'client' and ${t.clientId} is not null and ${t.staffId} is null and ${t.scope} = 'full') or (${t.kind} = 'staff' and ${t.staffId} is not null and ${t.clientId} is null)`,
    ),
  ],
);

// Support (PRODUCT.md §2): a ticket per conversation, its messages in order. A ticket from the
// public contact form has no client, only an optional reply e-mail; one from the dashboard
// belongs to the signed-in client. Staff replies (author_kind 'staff') come with the inbox.
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const MESSAGE_AUTHOR_KINDS = ['client', 'staff', 'visitor'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type MessageAuthorKind = (typeof MESSAGE_AUTHOR_KINDS)[number];

/** Kept literal for drizzle-kit; the shared schema enforces the same bound at the edge. */
const SUPPORT_MESSAGE_MAX_CHARS = 5000;

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    replyEmail: text('reply_email'),
    subject: text('subject').notNull().default(''),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** Who may replay the key: the client id, or 'visitor:' + IP for the public form. */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_client_created_idx').on(t.clientId, t.createdAt),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('support_tickets_idempotency_unique').on(t.idempotencyScope, t.idempotencyKey),
    check('support_tickets_status_valid', sql`${t.status} in (${inList(TICKET_STATUSES)})`),
    check(
      'support_tickets_idempotency_pair',
      sql`(${t.idempotencyScope} is null) = (${t.idempotencyKey} is null)`,
    ),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: MESSAGE_AUTHOR_KINDS }).notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Plain text as the author typed it; never rendered as HTML. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_ticket_created_idx').on(t.ticketId, t.createdAt),
    check(
      'support_messages_author_kind_valid',
      sql`${t.authorKind} in (${inList(MESSAGE_AUTHOR_KINDS)})`,
    ),
    check(
      'support_messages_body_length',
      sql`char_length(${t.body}) <= ${sql.raw(String(SUPPORT_MESSAGE_MAX_CHARS))}`,
    ),
  ],
);

// Ledger (docs/decisions/040-ledger.md, spec LEDGER.md): double-entry accounts with four
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
 * history (LEDGER.md). A reversal counts against the kind of the transfer it reverses.
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
    /** Set when staff must see card documents before confirming (seed §5). */
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

// Plans held by clients (PRODUCT.md §10). Status is computed on read (Active until end_at, then
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
    /** Percent × 100, display only: profit is only ever credited by staff (PRODUCT.md §10). */
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

// Every staff action, in the same transaction as the action (issue: back office). Rows are
// never updated or deleted: migration 0003 installs a trigger that refuses both.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /** Copied at the time of the action, so a later rename cannot rewrite history. */
    staffUsername: text('staff_username').notNull(),
    staffRole: text('staff_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
  ],
);

// Single-use links e-mailed to a client (issue 6): only the SHA-256 of the token is stored, as
// for sessions. Using one sets used_at in the same statement that checks it, so it works once.
export const CLIENT_TOKEN_PURPOSES = ['verify-email', 'password-reset'] as const;
export type ClientTokenPurpose = (typeof CLIENT_TOKEN_PURPOSES)[number];

export const clientTokens = pgTable(
  'client_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CLIENT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('client_tokens_token_hash_unique').on(t.tokenHash),
    // The resend cooldown reads a client's newest token of one purpose.
    index('client_tokens_client_purpose_idx').on(t.clientId, t.purpose, t.createdAt),
    check('client_tokens_purpose_valid', sql`${t.purpose} in (${inList(CLIENT_TOKEN_PURPOSES)})`),
  ],
);

// The transactional outbox (issue 6): a mail is a row written in the same transaction as the
// change it reports, so it goes out exactly when that change commits and never otherwise. A
// worker delivers due rows (send_after: calendar reminders wait for their day) with retries.
export const MAIL_STATES = ['queued', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Emptied once sent: a body may hold a single-use link, which is a credential. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    state: text('state', { enum: MAIL_STATES }).notNull().default('queued'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** For reminders and notifications the client can see; null for mail to other addresses. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // The worker's query: queued rows that are due, oldest first.
    index('mail_outbox_due_idx')
      .on(t.sendAfter, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('mail_outbox_client_idx').on(t.clientId, t.createdAt),
    check('mail_outbox_state_valid', sql`${t.state} in (${inList(MAIL_STATES)})`),
  ],
);

// Verification documents (seed §5, issue 6). The file lives under DATA_DIR/uploads with a random
// name; this row is the only way to find it, and it is served only to its client and to staff.
export const DOCUMENT_KIND_VALUES = ['id', 'residence', 'card-front', 'card-back'] as const;
export const DOCUMENT_STATUS_VALUES = ['pending', 'approved', 'rejected'] as const;

export const clientDocuments = pgTable(
  'client_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KIND_VALUES }).notNull(),
    status: text('status', { enum: DOCUMENT_STATUS_VALUES }).notNull().default('pending'),
    /** Random, chosen by the server; never derived from what the client sent. */
    storedName: text('stored_name').notNull(),
    /** As uploaded, for display only (sanitised). */
    originalName: text('original_name').notNull(),
    /** Sniffed from the content, not taken from the upload's headers. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Given by staff when rejecting; the client sees it. */
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => staff.id, { onDelete: 'restrict' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_documents_stored_name_unique').on(t.storedName),
    index('client_documents_client_idx').on(t.clientId, t.createdAt),
    // The staff review queue: pending documents, oldest first.
    index('client_documents_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('client_documents_kind_valid', sql`${t.kind} in (${inList(DOCUMENT_KIND_VALUES)})`),
    check('client_documents_status_valid', sql`${t.status} in (${inList(DOCUMENT_STATUS_VALUES)})`),
    check(
      'client_documents_reason_on_reject',
      sql`${t.status} <> 'rejected' or ${t.reason} is not null`,
    ),
  ],
);
