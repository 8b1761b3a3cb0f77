import {
  StaffTransactionResponseSchema,
  type StaffPostingBody,
  type StaffTransactionResponse,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/staff/clients/:clientId/postings (money:write): profit, bonus, ref. bonus or an
 * adjustment, always with the reason the client sees beside "Credited by staff" (decision 103).
 * One idempotency key per submission, so a retried click posts once.
 */
export function postToClient({
  clientId,
  body,
  idempotencyKey,
}: {
  clientId: string;
  body: StaffPostingBody;
  idempotencyKey: string;
}): Promise<StaffTransactionResponse> {
  return apiRequest(`/api/staff/clients/${encodeURIComponent(clientId)}/postings`, {
    method: 'POST',
    auth: 'admin',
    body,
    idempotencyKey,
    schema: StaffTransactionResponseSchema,
  });
}

export function usePostToClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postToClient,
    // The client's page, the list's balances, the overview and the audit log change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
