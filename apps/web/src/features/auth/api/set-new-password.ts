import {
  MessageResponseSchema,
  type MessageResponse,
  type SetNewPasswordBody,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-tokens';

/**
 * POST /api/password-reset/confirm `{token, password, confirmPassword}` → 200 `{message}`; 400
 * VALIDATION_FAILED with fields, or TOKEN_INVALID; 410 TOKEN_USED or TOKEN_EXPIRED. Success ends
 * every session of the client.
 */
export function setNewPassword(body: SetNewPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/password-reset/confirm', {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
  });
}

/** Sets the password; this browser's client session ended with the others, so it forgets it. */
export function useSetNewPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNewPassword,
    onSuccess: () => {
      clearToken('user');
      queryClient.clear();
    },
  });
}
