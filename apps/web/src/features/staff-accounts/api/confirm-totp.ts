import { TotpConfirmedSchema, type TotpCodeBody, type TotpConfirmed } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/staff/totp/confirm {code} → {recoveryCodes} (shown this once). From then on the
 * session is full and the login asks for a code.
 */
export function confirmTotp(body: TotpCodeBody): Promise<TotpConfirmed> {
  return apiRequest('/api/staff/totp/confirm', {
    method: 'POST',
    auth: 'admin',
    body,
    schema: TotpConfirmedSchema,
  });
}

export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp });
}
