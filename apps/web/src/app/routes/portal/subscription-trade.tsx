import type { Route } from './+types/subscription-trade';
import { SubscriptionOverview } from '../../../features/subscriptions';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Subscriptions', 'Your plans.', { noindex: true });

export default function SubscriptionTradePage() {
  return <SubscriptionOverview />;
}
