import type { Route } from './+types/user-dashboard';
import { DashboardOverview } from '../../features/dashboard';
import { MarginCallBanner } from '../../features/trading';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Dashboard', 'Your deposits, profit, bonuses and balance.', { noindex: true });

export default function UserDashboard() {
  return (
    <>
      <MarginCallBanner />
      <DashboardOverview />
    </>
  );
}
