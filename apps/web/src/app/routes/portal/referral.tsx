import type { Route } from './+types/referral';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Referral', 'Refer users.', { noindex: true });

export default function ReferralPage() {
  return <h1>Referral</h1>;
}
