import type { Route } from './+types/admin-dashboard';
import { StaffOverview } from '../../features/back-office-overview';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Back office', 'Staff back office.', { noindex: true });

export default function AdminDashboard() {
  return <StaffOverview />;
}
