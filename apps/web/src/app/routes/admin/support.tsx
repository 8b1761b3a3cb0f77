import type { Route } from './+types/support';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Support inbox', 'Back office.', { noindex: true });

export default function AdminSupportPage() {
  return <h1>Support inbox</h1>;
}
