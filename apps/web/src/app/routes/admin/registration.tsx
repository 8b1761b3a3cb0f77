import type { Route } from './+types/registration';
import { PermissionGate } from '../../../features/admin-auth';
import { ClientRegistrationForm } from '../../../features/admin-forms';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Registration', 'Back office.', { noindex: true });

export default function AdminRegistrationPage() {
  return (
    <div className="page-section">
      <h1>Manage Registration</h1>
      <p className="lead">
        Create a client account. The client can log in with this e-mail and password.
      </p>
      <PermissionGate permission="clients:write">
        <ClientRegistrationForm />
      </PermissionGate>
    </div>
  );
}
