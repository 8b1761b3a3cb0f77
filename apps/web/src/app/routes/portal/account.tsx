import type { Route } from './+types/account';
import { AccountOverview } from '../../../features/account';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Account', 'Personal details and password.', { noindex: true });

export default function AccountPage() {
  return <AccountOverview />;
}
