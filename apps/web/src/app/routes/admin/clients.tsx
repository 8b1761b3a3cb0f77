import type { Route } from './+types/clients';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Clients', 'Back office.', { noindex: true });

export default function AdminClientsPage() {
  return <h1>Clients</h1>;
}
