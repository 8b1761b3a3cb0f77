// What the platform keeps besides accounts and money: support tickets, the audit log, the mail
// outbox and verification documents.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns.js';
import { clients, staff } from './accounts.js';

// Indexes for "newest first" lists are ascending: a backward scan serves ORDER BY … DESC. Never
// `.desc()` in an index: Drizzle writes DESC NULLS LAST, which a plain DESC query cannot use, and
// the list sorts the whole history instead (db/index-order.test.ts, migration 0006).

// Support (docs/product.md §2): a ticket per conversation, its messages in order. A ticket from the
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

// Verification documents (docs/origin.md §5, issue 6). The file lives under DATA_DIR/uploads with a random
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
