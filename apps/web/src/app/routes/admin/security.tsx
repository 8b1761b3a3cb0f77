import type { Route } from './+types/security';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Two-factor authentication', 'Back office.', { noindex: true });

export default function AdminSecurityPage() {
  return <h1>Two-factor authentication</h1>;
}
