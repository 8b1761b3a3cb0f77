import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/use-sign-out';

/** POST /api/adminLogout/adminLogout with x-auth-token — revokes the staff session. */
export async function adminLogout(): Promise<void> {
  await apiRequest('/api/adminLogout/adminLogout', {
    method: 'POST',
    auth: 'admin',
    on401: 'ignore',
  });
}

/** Signs the staff member out and returns to /adminLogin (docs/origin.md §4). */
export function useAdminLogout() {
  return useSignOut('admin', adminLogout, paths.adminLogin);
}
