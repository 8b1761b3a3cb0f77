import type { Route } from './+types/transaction';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Transaction', 'Back office.', { noindex: true });

export default function AdminTransactionPage() {
  return <h1>Manage Transaction</h1>;
}
