import { TokenResponseSchema, type TokenResponse } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/userLogin/send → {token}. Login has no client-side validation (seed §5). */
export function login(input: LoginInput): Promise<TokenResponse> {
  return apiRequest('/api/userLogin/send', {
    method: 'POST',
    body: input,
    schema: TokenResponseSchema,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
