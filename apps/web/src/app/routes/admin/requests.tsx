import type { Route } from './+types/requests';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Requests', 'Back office.', { noindex: true });

export default function AdminRequestsPage() {
  return <h1>Requests</h1>;
}
