import type { Route } from './+types/client-detail';
import { ClientDetail } from '../../../features/back-office-clients';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () => pageMeta('Client', 'Back office.', { noindex: true });

export default function AdminClientDetailPage({ params }: Route.ComponentProps) {
  // A new client id is a new page: no state (dialogs, notices) carries over.
  return <ClientDetail key={params.clientId} clientId={params.clientId} />;
}
