import type { Route } from './+types/clients';
import { ClientList } from '../../../features/back-office-clients';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Clients', 'Back office.', { noindex: true });

export default function AdminClientsPage() {
  return <ClientList />;
}
