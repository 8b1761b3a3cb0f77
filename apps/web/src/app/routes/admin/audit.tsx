import type { Route } from './+types/audit';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Audit log', 'Back office.', { noindex: true });

export default function AdminAuditPage() {
  return <h1>Audit log</h1>;
}
