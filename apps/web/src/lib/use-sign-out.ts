import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearToken, type SessionKind } from './auth-tokens';

/**
 * Signs out of one kind of session: asks the server to revoke it (a failure never keeps anyone
 * signed in), forgets the token, leaves for `destination`, then drops every cached answer.
 */
export function useSignOut(kind: SessionKind, revoke: () => Promise<void>, destination: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await revoke();
    } catch {
      // The token is removed below whatever the server said.
    }
    clearToken(kind);
    // Leave first, then forget the cached answers: clearing the cache while the signed-in
    // pages are still mounted would make them refetch without a token.
    await navigate(destination);
    setPending(false);
    queryClient.clear();
  }, [kind, revoke, destination, navigate, queryClient]);
  return { signOut, isPending };
}
