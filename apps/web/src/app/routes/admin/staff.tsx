import type { Route } from './+types/staff';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () => pageMeta('Staff', 'Back office.', { noindex: true });

export default function AdminStaffPage() {
  return <h1>Staff</h1>;
}
