import type { Route } from './+types/verify-email';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Verify your e-mail address', 'Confirm the e-mail address of your account.', {
    noindex: true,
  });

export default function VerifyEmailPage() {
  return (
    <div className="card auth-card">
      <h1>Verify your e-mail address</h1>
    </div>
  );
}
