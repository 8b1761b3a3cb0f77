import type { Route } from './+types/staff';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { PermissionGate } from '../../../features/admin-auth';
import { InviteStaffForm, StaffMembers } from '../../../features/staff-accounts';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () => pageMeta('Staff', 'Back office.', { noindex: true });

export default function AdminStaffPage() {
  const profile = useAdminProfile();
  return (
    <div className="page-section">
      <h1>Staff</h1>
      <PermissionGate permission="staff:manage">
        <StaffMembers currentUsername={profile.data?.username} />
        <InviteStaffForm />
      </PermissionGate>
    </div>
  );
}
