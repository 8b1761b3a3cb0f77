// The back office's referral commission (decision 110): a client's commissions, and the ones
// held for review, each with release and void.
export {
  ClientReferralCommissions,
  HeldReferralCommissions,
} from './components/referral-commissions';
