import type { Route } from './+types/subscription';
import { PermissionGate } from '../../../features/admin-auth';
import { SubscriptionForm } from '../../../features/admin-forms';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Subscription', 'Back office.', { noindex: true });

export default function AdminSubscriptionPage() {
  return (
    <div className="page-section">
      <h1>Manage Subscription</h1>
      <p className="lead">
        Give a client a plan by hand: its name, amount, profit, duration and dates.
      </p>
      <PermissionGate permission="money:write">
        <SubscriptionForm />
      </PermissionGate>
    </div>
  );
}
