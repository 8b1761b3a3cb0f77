import type { RegisterBody } from '@brokerdesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSubmission } from '../../../lib/use-submission';

/** POST /api/userRegister/send — any 2xx is success (docs/origin.md §7). */
export async function register(body: RegisterBody): Promise<void> {
  await apiRequest('/api/userRegister/send', { method: 'POST', body });
}

export function useRegister() {
  return useSubmission(register);
}
