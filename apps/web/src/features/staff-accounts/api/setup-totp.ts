import { TotpSetupSchema, type TotpSetup } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/staff/totp/setup → {secret, otpauthUri}: a new secret, pending until confirmed. */
export function setupTotp(): Promise<TotpSetup> {
  return apiRequest('/api/staff/totp/setup', {
    method: 'POST',
    auth: 'admin',
    schema: TotpSetupSchema,
  });
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
