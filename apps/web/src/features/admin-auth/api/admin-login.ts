import { TokenResponseSchema, type TokenResponse } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AdminLoginInput {
  username: string;
  password: string;
  /** The authenticator code or a recovery code, once the server has asked for it. */
  totp?: string;
}

/**
 * POST /api/adminLogin/adminLogin → {token}. A staff member with TOTP set up gets 401
 * TOTP_REQUIRED until the body carries a valid code.
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
