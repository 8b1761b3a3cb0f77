import type { Route } from './+types/registration';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Registration', 'Back office.', { noindex: true });

export default function AdminRegistrationPage() {
  return <h1>Manage Registration</h1>;
}
