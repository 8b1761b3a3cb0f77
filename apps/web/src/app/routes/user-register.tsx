import { Link } from 'react-router';
import type { Route } from './+types/user-register';
import { paths } from '../../config/paths';
import { site } from '../../content/site';
import { RegistrationForm } from '../../features/auth';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Create an Account', `Register for a ${site.companyName} client account.`);

export default function UserRegister() {
  return (
    <div className="card auth-card">
      <h1>Create an Account</h1>
      <RegistrationForm />
      <p className="auth-switch">
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </div>
  );
}
