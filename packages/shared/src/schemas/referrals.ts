// Referral commission (docs/product.md §10, decision 110): what a referrer earns on a referred
// client's confirmed deposit — pending until its release date, held for staff when a
// self-referral signal is found, then released or voided.
import { z } from 'zod';
import { REFERRAL_MESSAGES } from '../signed-in-messages.js';
import { ReasonBodySchema } from './money.js';

export const REFERRAL_COMMISSION_STATES = ['pending', 'held', 'released', 'voided'] as const;
export type ReferralCommissionState = (typeof REFERRAL_COMMISSION_STATES)[number];

/** Why a commission was held for staff: each an "obvious" sign of referring oneself. */
export const REFERRAL_SIGNALS = [
  'email-domain-and-ip',
  'withdrawal-destination',
  'same-document',
] as const;
export type ReferralSignal = (typeof REFERRAL_SIGNALS)[number];

export const REFERRAL_VOID_CAUSES = ['deposit-reversed', 'withdrawal', 'staff'] as const;
export type ReferralVoidCause = (typeof REFERRAL_VOID_CAUSES)[number];

export const REFERRAL_COMMISSION_STATE_LABELS: Record<ReferralCommissionState, string> = {
  pending: 'Pending',
  held: 'Held for review',
  released: 'Released',
  voided: 'Voided',
};

/** One commission as the referrer sees it on the referral page. */
export const ReferralCommissionSchema = z.object({
  id: z.string(),
  /** The referred client's name. */
  referredName: z.string(),
  amountMinor: z.number().int(),
  /** The percentage of the deposit before the cap per referred client; above amount when cut. */
  earnedMinor: z.number().int(),
  state: z.enum(REFERRAL_COMMISSION_STATES),
  createdAt: z.string(),
  /** When it is paid if nothing voids it (and, when held, once staff release it). */
  releaseAt: z.string(),
  releasedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidCause: z.enum(REFERRAL_VOID_CAUSES).nullable(),
  /** Staff's reason when they voided it. */
  reason: z.string().nullable(),
  /** Pending past its date because the referred client has a withdrawal request open. */
  waitsForWithdrawal: z.boolean(),
});
export type ReferralCommission = z.infer<typeof ReferralCommissionSchema>;

/**
 * Why a commission is held or voided, in the referrer's words; null when pending or released
 * (the page shows the date instead).
 */
export function referralCommissionNote(
  commission: Pick<ReferralCommission, 'state' | 'voidCause' | 'reason' | 'waitsForWithdrawal'>,
): string | null {
  const m = REFERRAL_MESSAGES;
  if (commission.state === 'held') return m.held;
  if (commission.state === 'pending')
    return commission.waitsForWithdrawal ? m.waitsForWithdrawal : null;
  if (commission.state !== 'voided') return null;
  if (commission.voidCause === 'deposit-reversed') return m.voidedDepositReversed;
  if (commission.voidCause === 'withdrawal') return m.voidedWithdrawal;
  return commission.reason ? `${m.voidedByStaff}: ${commission.reason}` : `${m.voidedByStaff}.`;
}

// ---------------------------------------------------------------------------------------------
// Staff

const UUID_MESSAGE = 'Not a valid id';

/** A commission as staff see it: both clients, the signals found and any review. */
export const StaffReferralCommissionSchema = ReferralCommissionSchema.extend({
  referrer: z.object({ id: z.string(), name: z.string() }),
  referred: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  depositId: z.string(),
  capMinor: z.number().int(),
  signals: z.array(z.enum(REFERRAL_SIGNALS)),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
export type StaffReferralCommission = z.infer<typeof StaffReferralCommissionSchema>;

export const StaffReferralCommissionListSchema = z.object({
  items: z.array(StaffReferralCommissionSchema),
});
export type StaffReferralCommissionList = z.infer<typeof StaffReferralCommissionListSchema>;

/** GET /api/staff/referral-commissions: by state (e.g. held), by client (either side), or both. */
export const StaffReferralCommissionQuerySchema = z.object({
  state: z
    .enum(REFERRAL_COMMISSION_STATES, {
      error: 'State must be pending, held, released or voided',
    })
    .optional(),
  clientId: z.uuid({ error: UUID_MESSAGE }).optional(),
});
export type StaffReferralCommissionQuery = z.infer<typeof StaffReferralCommissionQuerySchema>;

/** Releasing or voiding a commission takes a reason (audited; a void's reason reaches the referrer). */
export const ReferralDecisionBodySchema = ReasonBodySchema;
export type ReferralDecisionBody = z.infer<typeof ReferralDecisionBodySchema>;

export const StaffReferralCommissionResponseSchema = z.object({
  message: z.string(),
  commission: StaffReferralCommissionSchema,
});
export type StaffReferralCommissionResponse = z.infer<typeof StaffReferralCommissionResponseSchema>;
