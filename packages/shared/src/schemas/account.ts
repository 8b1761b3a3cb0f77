// The portal's account page: change password, and the referral page (docs/product.md §2, §10).
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { PasswordSchema } from './auth.js';
import { ReferralCommissionSchema } from './referrals.js';

const m = MESSAGES.account;

export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, m.currentPasswordRequired)
      .max(128, MESSAGES.register.passwordTooLong),
    newPassword: PasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.register.confirmRequired })
      .min(1, MESSAGES.register.confirmRequired),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: MESSAGES.register.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** Referral Status (docs/product.md §10): Registered → Verified (e-mail) → Funded (a confirmed deposit). */
export const REFERRAL_STATUSES = ['Registered', 'Verified', 'Funded'] as const;

export const ReferralSchema = z.object({
  name: z.string(),
  /** "a•••@example.com": enough to recognise, not enough to harvest. */
  emailMasked: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  joinedAt: z.string(),
});
export type Referral = z.infer<typeof ReferralSchema>;

export const ReferralOverviewSchema = z.object({
  code: z.string(),
  /** Of each referred client's confirmed deposit, in basis points. */
  bonusBp: z.number().int(),
  /** Days a commission waits before it is paid (REFERRAL_HOLD_DAYS). */
  holdDays: z.number().int(),
  /** The most one referred client can earn the referrer, in cents (REFERRAL_CAP_USD). */
  capMinor: z.number().int(),
  /** Pending and held commission: not yet in Ref. Bonus or the balance. */
  pendingMinor: z.number().int(),
  /** Released commission: paid into Ref. Bonus. */
  releasedMinor: z.number().int(),
  referrals: z.array(ReferralSchema),
  /** Newest first. */
  commissions: z.array(ReferralCommissionSchema),
});
export type ReferralOverview = z.infer<typeof ReferralOverviewSchema>;

/** "ada@example.com" → "a•••@example.com" (the local part keeps its first character). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
