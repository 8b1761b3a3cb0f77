import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-tokens';

/** POST /api/userLogout/send — revokes the session on the server. */
export async function logout(): Promise<void> {
  await apiRequest('/api/userLogout/send', { method: 'POST', auth: 'user', on401: 'ignore' });
}

/**
 * Signs the client out: tells the server (a failure does not keep anyone signed in), forgets
 * the token and every cached answer, and goes to the home page.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The token is removed below whatever the server said.
    }
    clearToken('user');
    // Leave first, then forget the cached answers: clearing the cache while the signed-in
    // pages are still mounted would make them refetch without a token.
    await navigate(paths.home);
    setPending(false);
    queryClient.clear();
  }, [navigate, queryClient]);
  return { signOut, isPending };
}
