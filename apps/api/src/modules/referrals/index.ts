// The referrals module's only door: the portal's referral page.
export { makeReferralService } from './referrals.service.js';
export type { ReferralService } from './referrals.service.js';
export { referralRoutes } from './referrals.routes.js';
