import type { RegisterBody } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/staff/clients (clients:write) → 201 {message, clientId}; 409 e-mail taken.
 * Any 2xx is success (docs/origin.md §7): the body is not read, so an answer of a slightly different
 * shape can never report ❌ for an account that was created.
 */
export async function createClient(body: RegisterBody): Promise<void> {
  await apiRequest('/api/staff/clients', {
    method: 'POST',
    auth: 'admin',
    body,
  });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    // Lists that show clients are stale now; each re-reads when next shown.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
