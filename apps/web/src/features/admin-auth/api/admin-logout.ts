import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-tokens';

/** POST /api/adminLogout/adminLogout with x-auth-token — revokes the staff session. */
export async function adminLogout(): Promise<void> {
  await apiRequest('/api/adminLogout/adminLogout', {
    method: 'POST',
    auth: 'admin',
    on401: 'ignore',
  });
}

/** Signs the staff member out and returns to /adminLogin, whatever the server answered. */
export function useAdminLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await adminLogout();
    } catch {
      // The token is removed below whatever the server said.
    }
    clearToken('admin');
    // Leave first, then forget the cached answers: clearing the cache while the signed-in
    // pages are still mounted would make them refetch without a token.
    await navigate(paths.adminLogin);
    setPending(false);
    queryClient.clear();
  }, [navigate, queryClient]);
  return { signOut, isPending };
}
