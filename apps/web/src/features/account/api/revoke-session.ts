import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQuery } from './get-sessions';

/** DELETE /api/account/sessions/:id → 204; 404 when it is not the client's or has ended. */
export async function revokeSession(id: string): Promise<void> {
  await apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'user',
  });
}

/** Signs one device out; the list is fetched again whatever the answer (404: already gone). */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
