import { roleCan, type StaffPermission } from '@brokerdesk/shared';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { RetryPanel } from '../../../components/ui/error-panel';

export const NOT_ALLOWED = 'Your role does not allow this page.';

/**
 * Shows `children` only to a role with `permission` (permissions.ts); others read why, rather
 * than a form the server would refuse. The server checks every call regardless.
 */
export function PermissionGate({
  permission,
  children,
}: {
  permission: StaffPermission;
  children: ReactNode;
}) {
  const profile = useAdminProfile();
  if (profile.isPending) return <Skeleton size="lg" />;
  if (profile.isError) {
    return (
      <RetryPanel
        message="We could not load your staff profile."
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  if (!roleCan(profile.data.role, permission)) {
    return (
      <p role="alert" className="panel panel--error">
        {NOT_ALLOWED}
      </p>
    );
  }
  return children;
}
