import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/use-sign-out';

/** POST /api/userLogout/send — revokes the session on the server. */
export async function logout(): Promise<void> {
  await apiRequest('/api/userLogout/send', { method: 'POST', auth: 'user', on401: 'ignore' });
}

/** Signs the client out and goes to the home page (docs/origin.md §4). */
export function useLogout() {
  return useSignOut('user', logout, paths.home);
}
