import type { Route } from './+types/client-detail';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () => pageMeta('Client', 'Back office.', { noindex: true });

export default function AdminClientDetailPage() {
  return <h1>Client</h1>;
}
