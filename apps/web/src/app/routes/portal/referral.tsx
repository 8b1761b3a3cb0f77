import type { Route } from './+types/referral';
import { ReferralOverview } from '../../../features/referral';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Referral', 'Refer users.', { noindex: true });

export default function ReferralPage() {
  return <ReferralOverview />;
}
