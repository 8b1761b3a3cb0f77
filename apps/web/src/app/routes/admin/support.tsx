import type { Route } from './+types/support';
import { SupportInbox } from '../../../features/back-office-support';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Support inbox', 'Back office.', { noindex: true });

export default function AdminSupportPage() {
  return <SupportInbox />;
}
