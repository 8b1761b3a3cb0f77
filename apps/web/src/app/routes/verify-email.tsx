import type { Route } from './+types/verify-email';
import { VerifyEmail } from '../../features/email-verification';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Verify your e-mail address', 'Confirm the e-mail address of your account.', {
    noindex: true,
  });

/** /verifyEmail#token=… from the verification mail (SPA-only, never pre-rendered). */
export default function VerifyEmailPage() {
  return (
    <div className="card auth-card">
      <h1>Verify your e-mail address</h1>
      <VerifyEmail />
    </div>
  );
}
