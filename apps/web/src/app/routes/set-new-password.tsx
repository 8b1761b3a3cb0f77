import type { Route } from './+types/set-new-password';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Set a new password', 'Choose a new password for your account.', { noindex: true });

export default function SetNewPasswordPage() {
  return (
    <div className="card auth-card">
      <h1>Set a new password</h1>
    </div>
  );
}
