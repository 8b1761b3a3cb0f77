import {
  MessageResponseSchema,
  type MessageResponse,
  type PasswordResetRequestBody,
} from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/password-reset/request `{email}` → 202 `{message}`, the same answer whether or not
 * an account uses the address (PRODUCT.md §2); 400 for an address that is not one; 429 when
 * asked too often.
 */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<MessageResponse> {
  return apiRequest('/api/password-reset/request', {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
