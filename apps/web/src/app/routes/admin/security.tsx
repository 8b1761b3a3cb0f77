import type { Route } from './+types/security';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminProfile } from '../../../features/admin-auth/api/get-admin-profile';
import { TotpEnrolment } from '../../../features/staff-accounts/components/totp-enrolment';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Two-factor authentication', 'Back office.', { noindex: true });

export default function AdminSecurityPage() {
  const profile = useAdminProfile();
  return (
    <div className="page-section">
      <h1>Two-factor authentication</h1>
      {profile.data ? (
        <TotpEnrolment
          enrolled={profile.data.totpEnrolled}
          // The session is full now: the profile says so and the menu fills in.
          onEnrolled={() => void profile.refetch()}
        />
      ) : profile.isError ? (
        <div role="alert" className="panel panel--error">
          <p>We could not load your staff profile.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void profile.refetch()}
            disabled={profile.isFetching}
          >
            {profile.isFetching ? 'Retrying…' : 'Try again'}
          </button>
        </div>
      ) : (
        <Skeleton size="lg" />
      )}
    </div>
  );
}
