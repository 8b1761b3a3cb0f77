import type { Route } from './+types/staff-invitation';
import { StaffInvitation } from '../../features/staff-accounts';
import { site } from '../../content/site';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Set up your staff sign-in', `${site.companyName} back-office invitation.`, {
    noindex: true,
  });

/** /staffInvitation#token=… from the invitation mail (SPA-only, never pre-rendered). */
export default function StaffInvitationPage() {
  return (
    <main id="main-content" className="admin-login">
      <div className="card auth-card staff-invitation-card">
        <p className="admin-login-brand">{site.companyName} back office</p>
        <h1>Set up your staff sign-in</h1>
        <StaffInvitation />
      </div>
    </main>
  );
}
