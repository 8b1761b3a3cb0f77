import type { Route } from './+types/audit';
import { AuditLog } from '../../../features/back-office-audit';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Audit log', 'Back office.', { noindex: true });

export default function AdminAuditPage() {
  return <AuditLog />;
}
