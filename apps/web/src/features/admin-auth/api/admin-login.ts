import { TokenResponseSchema, type TokenResponse } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AdminLoginInput {
  username: string;
  password: string;
  /** The authenticator code or a recovery code (left out when the field is empty). */
  totp?: string;
}

/**
 * POST /api/adminLogin/adminLogin → {token}. A staff member with TOTP set up gets the wrong
 * password's 401 INVALID_CREDENTIALS until the body carries a valid code (decision 111).
 */
export function adminLogin(input: AdminLoginInput): Promise<TokenResponse> {
  return apiRequest('/api/adminLogin/adminLogin', {
    method: 'POST',
    body: input,
    schema: TokenResponseSchema,
  });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
