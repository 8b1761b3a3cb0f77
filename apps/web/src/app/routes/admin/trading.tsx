import type { Route } from './+types/trading';
import { DealingDesk } from '../../../features/back-office-trading';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Dealing desk', 'Back office.', { noindex: true });

export default function AdminTradingPage() {
  return <DealingDesk />;
}
