// Referral commissions (decision 110): what a referrer earns on a referred client's confirmed
// deposit, held as a pending ledger transfer until its release date, then posted or voided.
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
import { clients } from './accounts.js';
import { clientTransactions, ledgerTransfers } from './money.js';

// Kept literal for drizzle-kit; schema.test.ts checks them against @brokerdesk/shared.
/** pending → released | voided; held (a self-referral signal) waits for staff. */
export const REFERRAL_COMMISSION_STATE_VALUES = ['pending', 'held', 'released', 'voided'] as const;
export const REFERRAL_SIGNAL_VALUES = [
  'email-domain-and-ip',
  'withdrawal-destination',
  'same-document',
] as const;
export const REFERRAL_VOID_CAUSE_VALUES = ['deposit-reversed', 'withdrawal', 'staff'] as const;
export type ReferralCommissionStateValue = (typeof REFERRAL_COMMISSION_STATE_VALUES)[number];
export type ReferralSignalValue = (typeof REFERRAL_SIGNAL_VALUES)[number];
export type ReferralVoidCauseValue = (typeof REFERRAL_VOID_CAUSE_VALUES)[number];

export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The referred client's confirmed deposit (statement row) that earned it. */
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => clientTransactions.id, { onDelete: 'restrict' }),
    /** The referrer's ref. bonus statement row: pending, then completed or cancelled. */
    lineId: uuid('line_id')
      .notNull()
      .references(() => clientTransactions.id, { onDelete: 'restrict' }),
    /** The pending `referral_bonus` transfer: posted at release, voided on void. */
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The percentage of the deposit before the cap; more than amount when the cap cut it. */
    earnedMinor: bigint('earned_minor', { mode: 'number' }).notNull(),
    /** The cap per referred client when it was earned (REFERRAL_CAP_USD), for ledger:check. */
    capMinor: bigint('cap_minor', { mode: 'number' }).notNull(),
    state: text('state', { enum: REFERRAL_COMMISSION_STATE_VALUES }).notNull(),
    /** Self-referral signals found (held for staff while any is unanswered). */
    signals: jsonb('signals').$type<ReferralSignalValue[]>().notNull().default([]),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidCause: text('void_cause', { enum: REFERRAL_VOID_CAUSE_VALUES }),
    /** Staff's decision on a held commission (release) or a void: who, when and why. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
  },
  (t) => [
    uniqueIndex('referral_commissions_deposit_unique').on(t.depositId),
    index('referral_commissions_referrer_idx').on(t.referrerId, t.createdAt, t.id),
    index('referral_commissions_referred_idx').on(t.referredId, t.state),
    // The worker's query: pending commissions whose date has come, oldest first.
    index('referral_commissions_due_idx')
      .on(t.releaseAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    check(
      'referral_commissions_amounts',
      sql`${t.amountMinor} > 0 and ${t.earnedMinor} >= ${t.amountMinor} and ${t.capMinor} >= ${t.amountMinor}`,
    ),
    check(
      'referral_commissions_state_valid',
      sql`${t.state} in (${inList(REFERRAL_COMMISSION_STATE_VALUES)})`,
    ),
    check(
      'referral_commissions_void_cause_valid',
      sql`${t.voidCause} is null or ${t.voidCause} in (${inList(REFERRAL_VOID_CAUSE_VALUES)})`,
    ),
    check(
      'referral_commissions_released_has_date',
      sql`(${t.state} = 'released') = (${t.releasedAt} is not null)`,
    ),
    check(
      'referral_commissions_voided_has_cause',
      sql`(${t.state} = 'voided') = (${t.voidedAt} is not null and ${t.voidCause} is not null)`,
    ),
    check('referral_commissions_not_self', sql`${t.referrerId} <> ${t.referredId}`),
  ],
);
