import type { Route } from './+types/requests';
import { RequestQueue } from '../../../features/back-office-money';
import { HeldReferralCommissions } from '../../../features/back-office-referrals';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Requests', 'Back office.', { noindex: true });

export default function AdminRequestsPage() {
  return (
    <>
      <RequestQueue />
      <HeldReferralCommissions />
    </>
  );
}
