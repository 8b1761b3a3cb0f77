import type { Route } from './+types/admin-dashboard';
import { useAdminProfile } from '../../features/admin-auth/api/get-admin-profile';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Back office', 'Staff back office.', { noindex: true });

export default function AdminDashboard() {
  const profile = useAdminProfile();
  return (
    <div className="page-section">
      <h1>Dashboard</h1>
      {profile.data ? (
        <p className="lead">
          Welcome, {profile.data.username}. You are signed in with the {profile.data.role} role.
        </p>
      ) : null}
      {profile.isError ? (
        <div role="alert" className="panel panel--error">
          <p>We could not load your staff profile.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void profile.refetch()}
          >
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}
