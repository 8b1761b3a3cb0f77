// The referral feature's public surface: the portal's referral page.
export { ReferralOverview } from './components/referral-overview';
