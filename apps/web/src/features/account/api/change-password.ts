import { MessageResponseSchema } from '@brokerdesk/shared';
import type { ChangePasswordBody, MessageResponse } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { expireSession } from '../../../lib/auth-tokens';
import { sessionsQuery } from './get-sessions';

/**
 * POST /api/account/password → 200 `{message}`; the server signs out the client's other sessions.
 * A wrong current password is a 400 with `fields.currentPassword`. Should a server answer it as
 * 401 INVALID_CREDENTIALS instead, that is still the wrong password, not an ended session: only
 * another 401 ends the session here.
 */
export async function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  try {
    return await apiRequest('/api/account/password', {
      method: 'POST',
      auth: 'user',
      on401: 'ignore',
      body,
      schema: MessageResponseSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code !== 'INVALID_CREDENTIALS') {
      expireSession('user');
    }
    throw error;
  }
}

/** Changes the password; the device list is fetched again (the other devices are signed out). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
