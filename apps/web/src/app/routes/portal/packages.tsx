import type { Route } from './+types/packages';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Packages', 'Plans you can subscribe to.', { noindex: true });

export default function PackagesPage() {
  return <h1>Packages</h1>;
}
