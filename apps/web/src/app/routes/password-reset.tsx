import { Link } from 'react-router';
import type { Route } from './+types/password-reset';
import { paths } from '../../config/paths';
import { site } from '../../content/site';
import { PasswordResetForm } from '../../features/auth';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Password Reset', `Reset the password of your ${site.companyName} account.`);

export default function PasswordReset() {
  return (
    <div className="card auth-card">
      <h1>Password Reset</h1>
      <PasswordResetForm />
      <p className="auth-switch">
        <Link to={paths.login}>Back to Login</Link>
      </p>
    </div>
  );
}
