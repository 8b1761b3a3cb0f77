import type { Route } from './+types/set-new-password';
import { SetNewPassword } from '../../features/auth';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Set a new password', 'Choose a new password for your account.', { noindex: true });

/** /setNewPassword#token=… from the password-reset mail (SPA-only, never pre-rendered). */
export default function SetNewPasswordPage() {
  return (
    <div className="card auth-card">
      <h1>Set a new password</h1>
      <SetNewPassword />
    </div>
  );
}
