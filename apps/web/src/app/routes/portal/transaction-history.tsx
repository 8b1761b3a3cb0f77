import type { Route } from './+types/transaction-history';
import { TransactionHistory } from '../../../features/money';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Transaction history', 'Every deposit, withdrawal and bonus.', { noindex: true });

export default function TransactionHistoryPage() {
  return <TransactionHistory />;
}
