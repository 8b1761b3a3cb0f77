import type { MessageResponse, PasswordResetRequestBody } from '@brokerdesk/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useSubmission } from '../../../lib/use-submission';

/**
 * POST /api/password-reset/request `{email}` → 202 `{message}`, the same answer whether or not
 * an account uses the address (docs/product.md §2); 400 for an address that is not one; 429 when
 * asked too often.
 */
export async function requestPasswordReset(
  body: PasswordResetRequestBody,
): Promise<MessageResponse> {
  const data = await apiRequest<unknown>('/api/password-reset/request', { method: 'POST', body });
  // Checked by hand: the page is public and the zod chunk would add about 24 KB gzip to it.
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') {
    throw new ApiError({ status: 502, serverMessage: 'The server answered without a message' });
  }
  return { message };
}

export function useRequestPasswordReset() {
  return useSubmission(requestPasswordReset);
}
