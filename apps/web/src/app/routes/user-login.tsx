import { Link } from 'react-router';
import type { Route } from './+types/user-login';
import { paths } from '../../config/paths';
import { site } from '../../content/site';
import { LoginForm } from '../../features/auth';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Log in', `Log in to your ${site.companyName} client dashboard.`);

export default function UserLogin() {
  return (
    <div className="card auth-card">
      <h1>Welcome Back</h1>
      <p className="auth-subtitle">Log in to access your dashboard</p>
      <LoginForm />
      <p className="auth-switch">
        Forgot your password? <Link to={paths.passwordReset}>Reset</Link>
      </p>
      <p className="auth-switch">
        Don’t have an account? <Link to={paths.register}>Sign up</Link>
      </p>
    </div>
  );
}
