import type { Route } from './+types/packages';
import { PackagesOverview } from '../../../features/subscriptions';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Packages', 'Plans you can subscribe to.', { noindex: true });

export default function PackagesPage() {
  return <PackagesOverview />;
}
