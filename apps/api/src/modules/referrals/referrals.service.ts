// The portal's referral page (docs/product.md §2, §10) and the back office's view of referral
// commission: the client's code, the clients who registered with it and what each commission
// is doing (decision 110). Commissions are earned and moved in referral-commissions.ts.
import { AppError, maskEmail, MONEY_RULES, REFERRAL_MESSAGES } from '@brokerdesk/shared';
import type {
  ReferralOverview,
  StaffReferralCommissionList,
  StaffReferralCommissionQuery,
  StaffReferralCommissionResponse,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { StaffActor } from '../audit/index.js';
import type { ReferralCommissions } from './referral-commissions.js';
import {
  findCommissionView,
  findCommissionsForStaff,
  findCommissionsOfReferrer,
  sumCommissionsOfReferrer,
} from './referral-commissions.repo.js';
import { findReferralCode, findReferredClientsWithFunding } from './referrals.repo.js';
import { toReferralCommission, toStaffReferralCommission } from './referrals.view.js';

const REFERRALS_LIMIT = 500;
const COMMISSIONS_LIMIT = 500;
const STAFF_LIMIT = 200;

export function makeReferralService({
  db,
  holdDays,
  capMinor,
  commissions,
}: {
  db: Db;
  /** REFERRAL_HOLD_DAYS and REFERRAL_CAP_USD (cents), for the page's terms. */
  holdDays: number;
  capMinor: number;
  /** Staff decisions move money there (referral-commissions.ts). */
  commissions: Pick<ReferralCommissions, 'releaseByStaff' | 'voidByStaff'>;
}) {
  async function getReferralOverview({
    clientId,
  }: {
    clientId: string;
  }): Promise<ReferralOverview> {
    const terms = { bonusBp: MONEY_RULES.referralBonusBp, holdDays, capMinor };
    const code = await findReferralCode(db, clientId);
    if (code === null) {
      return {
        code: '',
        ...terms,
        pendingMinor: 0,
        releasedMinor: 0,
        referrals: [],
        commissions: [],
      };
    }
    const [rows, views, totals] = await Promise.all([
      findReferredClientsWithFunding(db, clientId, REFERRALS_LIMIT),
      findCommissionsOfReferrer(db, clientId, COMMISSIONS_LIMIT),
      sumCommissionsOfReferrer(db, clientId),
    ]);
    return {
      code,
      ...terms,
      pendingMinor: totals.pendingMinor,
      releasedMinor: totals.releasedMinor,
      referrals: rows.map((row) => ({
        name: `${row.firstName} ${row.lastName}`,
        emailMasked: maskEmail(row.email),
        status: row.funded ? 'Funded' : row.emailVerifiedAt ? 'Verified' : 'Registered',
        joinedAt: row.createdAt.toISOString(),
      })),
      commissions: views.map(toReferralCommission),
    };
  }

  async function listCommissionsForStaff(
    query: StaffReferralCommissionQuery,
  ): Promise<StaffReferralCommissionList> {
    const views = await findCommissionsForStaff(db, query, STAFF_LIMIT);
    return { items: views.map(toStaffReferralCommission) };
  }

  type Decision = { id: string; staff: StaffActor; reason: string };

  async function decided(id: string, message: string): Promise<StaffReferralCommissionResponse> {
    const view = await findCommissionView(db, id);
    if (!view) throw new AppError('NOT_FOUND', REFERRAL_MESSAGES.commissionNotFound);
    return { message, commission: toStaffReferralCommission(view) };
  }

  /** Staff release a held commission (audited, with a reason). */
  async function releaseCommission(decision: Decision): Promise<StaffReferralCommissionResponse> {
    const { id } = await commissions.releaseByStaff(decision);
    return decided(id, REFERRAL_MESSAGES.released);
  }

  /** Staff void a pending or held commission (audited; the referrer reads the reason). */
  async function voidCommission(decision: Decision): Promise<StaffReferralCommissionResponse> {
    const { id } = await commissions.voidByStaff(decision);
    return decided(id, REFERRAL_MESSAGES.voided);
  }

  return { getReferralOverview, listCommissionsForStaff, releaseCommission, voidCommission };
}

export type ReferralService = ReturnType<typeof makeReferralService>;
