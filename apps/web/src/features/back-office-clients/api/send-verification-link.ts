import { MessageResponseSchema } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/staff/clients/:id/verification-link: a new link to an unverified client. */
export function sendVerificationLink({ clientId }: { clientId: string }) {
  return apiRequest(`/api/staff/clients/${encodeURIComponent(clientId)}/verification-link`, {
    method: 'POST',
    auth: 'admin',
    schema: MessageResponseSchema,
  });
}

export function useSendVerificationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVerificationLink,
    // The client detail's mail list shows the new mail.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
