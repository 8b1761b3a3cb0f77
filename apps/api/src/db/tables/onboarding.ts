// Live onboarding (issue 19, decision 132): each client's trading profile (category, set by
// staff with a reason; the risk disclosure version acknowledged and when) and every attempt at
// the appropriateness test with its answers and result.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './columns.js';
import { clients, staff } from './accounts.js';

// Kept literal for drizzle-kit.
export const CLIENT_CATEGORY_VALUES = ['retail', 'professional'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const clientTradingProfiles = pgTable(
  'client_trading_profiles',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    category: text('category', { enum: CLIENT_CATEGORY_VALUES }).notNull().default('retail'),
    /** The latest category change: its reason, member and time (the audit log keeps them all). */
    categoryReason: text('category_reason'),
    categoryChangedBy: uuid('category_changed_by').references(() => staff.id, {
      onDelete: 'restrict',
    }),
    categoryChangedAt: at('category_changed_at'),
    disclosureVersion: text('disclosure_version'),
    disclosureAcknowledgedAt: at('disclosure_acknowledged_at'),
  },
  (t) => [
    check(
      'client_trading_profiles_category_valid',
      sql`${t.category} in (${inList(CLIENT_CATEGORY_VALUES)})`,
    ),
    check(
      'client_trading_profiles_disclosure_whole',
      sql`(${t.disclosureVersion} is null) = (${t.disclosureAcknowledgedAt} is null)`,
    ),
  ],
);

export const appropriatenessTests = pgTable(
  'appropriateness_tests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Question id → the option chosen. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    takenAt: at('taken_at').notNull(),
  },
  (t) => [
    index('appropriateness_tests_client_idx').on(t.clientId, t.takenAt),
    check(
      'appropriateness_tests_score_valid',
      sql`${t.correct} >= 0 and ${t.correct} <= ${t.total}`,
    ),
  ],
);
