import type { Route } from './+types/support';
import { DashboardSupport } from '../../../features/support';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Support', 'Write to support and read replies.', { noindex: true });

export default function SupportPage() {
  return <DashboardSupport />;
}
