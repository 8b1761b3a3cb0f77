import type { TokenResponse } from '@brokerdesk/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useSubmission } from '../../../lib/use-submission';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * The answer's one field, checked by hand: /userLogin is a public page, and the zod schema
 * chunk would add about 24 KB gzip to it for this one check (bench/README.md).
 */
function toTokenResponse(data: unknown): TokenResponse {
  const token = (data as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || token === '') {
    throw new ApiError({ status: 502, serverMessage: 'The server answered without a token' });
  }
  return { token };
}

/** POST /api/userLogin/send → {token}. Login has no client-side validation (docs/origin.md §5). */
export async function login(input: LoginInput): Promise<TokenResponse> {
  const data = await apiRequest<unknown>('/api/userLogin/send', { method: 'POST', body: input });
  return toTokenResponse(data);
}

export function useLogin() {
  return useSubmission(login);
}
