import { SignOutOthersResponseSchema, type SignOutOthersResponse } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQuery } from './get-sessions';

/** POST /api/account/sessions/revoke-others → `{message, revoked}`; this device stays signed in. */
export function revokeOtherSessions(): Promise<SignOutOthersResponse> {
  return apiRequest('/api/account/sessions/revoke-others', {
    method: 'POST',
    auth: 'user',
    schema: SignOutOthersResponseSchema,
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
