import type { Route } from './+types/transaction';
import { PermissionGate } from '../../../features/admin-auth';
import { TransactionForm } from '../../../features/admin-forms';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Transaction', 'Back office.', { noindex: true });

export default function AdminTransactionPage() {
  return (
    <div className="page-section">
      <h1>Manage Transaction</h1>
      <p className="lead">
        Record a deposit, withdrawal, profit, bonus or adjustment for a client.
      </p>
      <PermissionGate permission="money:write">
        <TransactionForm />
      </PermissionGate>
    </div>
  );
}
