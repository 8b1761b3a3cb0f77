import type { Route } from './+types/admin-login';
import { AdminLoginForm } from '../../features/admin-auth';
import { site } from '../../content/site';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Admin Login', `${site.companyName} back-office login for staff.`, { noindex: true });

export default function AdminLogin() {
  return (
    <main id="main-content" className="admin-login">
      <div className="card auth-card">
        <p className="admin-login-brand">{site.companyName} back office</p>
        <h1>Admin Login</h1>
        <AdminLoginForm />
      </div>
    </main>
  );
}
