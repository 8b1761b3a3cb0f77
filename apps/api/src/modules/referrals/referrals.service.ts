// The portal's referral page (docs/product.md §2, §10): the client's code and the clients who
// registered with it. Bonuses are credited where deposits are confirmed (transactions module).
import { MONEY_RULES, maskEmail } from '@brokerdesk/shared';
import type { ReferralOverview } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { findReferralCode, findReferredClientsWithFunding } from './referrals.repo.js';

const REFERRALS_LIMIT = 500;

export function makeReferralService({ db }: { db: Db }) {
  async function getReferralOverview({
    clientId,
  }: {
    clientId: string;
  }): Promise<ReferralOverview> {
    const code = await findReferralCode(db, clientId);
    if (code === null) return { code: '', bonusBp: MONEY_RULES.referralBonusBp, referrals: [] };
    const rows = await findReferredClientsWithFunding(db, clientId, REFERRALS_LIMIT);
    return {
      code,
      bonusBp: MONEY_RULES.referralBonusBp,
      referrals: rows.map((row) => ({
        name: `${row.firstName} ${row.lastName}`,
        emailMasked: maskEmail(row.email),
        status: row.funded ? 'Funded' : row.emailVerifiedAt ? 'Verified' : 'Registered',
        joinedAt: row.createdAt.toISOString(),
      })),
    };
  }

  return { getReferralOverview };
}

export type ReferralService = ReturnType<typeof makeReferralService>;
