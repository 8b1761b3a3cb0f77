// The referrals module's only door: the portal's referral page, referral commission (earned
// through money's port, released by its worker, decided by staff) and their routes.
export { makeReferralService } from './referrals.service.js';
export type { ReferralService } from './referrals.service.js';
export { makeReferralCommissions } from './referral-commissions.js';
export type { ReferralCommissions } from './referral-commissions.js';
export { startReferralWorker } from './referral-worker.js';
export type { ReferralWorker } from './referral-worker.js';
export { referralRoutes } from './referrals.routes.js';
export { staffReferralRoutes } from './staff-referrals.routes.js';
