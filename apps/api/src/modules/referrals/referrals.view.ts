// Commissions as callers see them: the referrer's page and the back office. Pure functions.
import type { ReferralCommission, StaffReferralCommission } from '@brokerdesk/shared';
import type { CommissionView } from './referral-commissions.repo.js';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toReferralCommission(view: CommissionView): ReferralCommission {
  const row = view.commission;
  return {
    id: row.id,
    referredName: view.referredName,
    amountMinor: row.amountMinor,
    earnedMinor: row.earnedMinor,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    releaseAt: row.releaseAt.toISOString(),
    releasedAt: iso(row.releasedAt),
    voidedAt: iso(row.voidedAt),
    voidCause: row.voidCause,
    // Staff's words reach the referrer only on a void (a release's reason is for the audit).
    reason: row.state === 'voided' && row.voidCause === 'staff' ? row.reviewReason : null,
    waitsForWithdrawal: row.state === 'pending' && view.withdrawalOpen === true,
  };
}

export function toStaffReferralCommission(view: CommissionView): StaffReferralCommission {
  const row = view.commission;
  return {
    ...toReferralCommission(view),
    referrer: { id: row.referrerId, name: view.referrerName },
    referred: { id: row.referredId, name: view.referredName, email: view.referredEmail },
    depositId: row.depositId,
    capMinor: row.capMinor,
    signals: row.signals,
    reviewedAt: iso(row.reviewedAt),
    reviewReason: row.reviewReason,
  };
}
