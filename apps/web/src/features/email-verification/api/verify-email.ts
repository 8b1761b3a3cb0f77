import { MessageResponseSchema, type MessageResponse } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardQuery } from '../../../api/get-dashboard';

/**
 * POST /api/email/verify `{token}` (no sign-in needed: the link may be opened on another device)
 * → 200 `{message}`; 400 TOKEN_INVALID; 410 TOKEN_USED or TOKEN_EXPIRED.
 */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return apiRequest('/api/email/verify', {
    method: 'POST',
    body: { token },
    schema: MessageResponseSchema,
  });
}

/** Verifies, then refreshes the dashboard (its `emailVerified` drives the portal's banner). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
  });
}
