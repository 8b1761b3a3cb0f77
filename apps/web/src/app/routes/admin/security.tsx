import type { Route } from './+types/security';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { ChangeOwnPasswordForm, TotpEnrolment } from '../../../features/staff-accounts';
import { pageMeta } from '../../../lib/page-meta';
import { RetryPanel } from '../../../components/ui/error-panel';

export const meta: Route.MetaFunction = () =>
  pageMeta('Two-factor authentication', 'Back office.', { noindex: true });

export default function AdminSecurityPage() {
  const profile = useAdminProfile();
  return (
    <div className="page-section">
      <h1>Two-factor authentication</h1>
      {profile.data ? (
        <>
          <TotpEnrolment
            enrolled={profile.data.totpEnrolled}
            // The session is full now: the profile says so and the menu fills in.
            onEnrolled={() => void profile.refetch()}
          />
          {/* A session that may only enrol TOTP cannot change the password yet. */}
          {profile.data.sessionScope === 'full' ? (
            <ChangeOwnPasswordForm totpEnrolled={profile.data.totpEnrolled} />
          ) : null}
        </>
      ) : profile.isError ? (
        <RetryPanel
          message="We could not load your staff profile."
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <Skeleton size="lg" />
      )}
    </div>
  );
}
