import { TokenResponseSchema, type TokenResponse } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AdminLoginInput {
  username: string;
  password: string;
}

/** POST /api/adminLogin/adminLogin → {token}. */
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
