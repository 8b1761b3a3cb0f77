// Who signs in: clients, staff (with TOTP recovery codes and invitations), their sessions, and
// the single-use links e-mailed to clients.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns.js';

// Indexes for "newest first" lists are ascending: a backward scan serves ORDER BY … DESC. Never
// `.desc()` in an index: Drizzle writes DESC NULLS LAST, which a plain DESC query cannot use, and
// the list sorts the whole history instead (db/index-order.test.ts, migration 0006).

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
    /**
     * The address the public registration came from (null when staff created the client): with
     * the e-mail domain, a self-referral signal (decision 110).
     */
    registrationIp: text('registration_ip'),
    /** Set by staff: a disabled client cannot sign in and their sessions are revoked. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The client's choice: a confirmation e-mail per fill and close (decision 137); off by default. */
    tradeConfirmations: boolean('trade_confirmations').notNull().default(false),
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
    /**
     * Null while an invitation waits to be accepted (the member chooses the password then): such
     * a member cannot sign in (docs/decisions/111).
     */
    passwordHash: text('password_hash'),
    /** Where invitations go; null for the first owner (ADMIN_USERNAME) and older accounts. */
    email: text('email'),
    role: text('role', { enum: STAFF_ROLE_VALUES }).notNull(),
    /**
     * The TOTP secret once enrolment is confirmed, sealed with AES-256-GCM (lib/secret-box.ts);
     * null means not enrolled.
     */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment but not yet confirmed with a code (sealed likewise). */
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

/**
 * A staff member's invitation (docs/decisions/111): e-mailed as a link; only the SHA-256 of its
 * token is stored; it works once, until it expires; a newer one retires the older ones.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_unique').on(t.tokenHash),
    index('staff_invitations_staff_id_idx').on(t.staffId, t.createdAt),
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
