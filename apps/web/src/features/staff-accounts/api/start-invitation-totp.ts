import { TotpSetupSchema, type TotpSetup } from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/invitations/totp {token} → {secret, otpauthUri}: pending until the acceptance. */
export function startInvitationTotp(token: string): Promise<TotpSetup> {
  return apiRequest('/api/invitations/totp', {
    method: 'POST',
    body: { token },
    schema: TotpSetupSchema,
  });
}

export function useStartInvitationTotp() {
  return useMutation({ mutationFn: startInvitationTotp });
}
