import type { Route } from './+types/subscription';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Subscription', 'Back office.', { noindex: true });

export default function AdminSubscriptionPage() {
  return <h1>Manage Subscription</h1>;
}
