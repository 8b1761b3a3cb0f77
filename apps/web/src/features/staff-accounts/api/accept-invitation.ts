import {
  TotpConfirmedSchema,
  type AcceptInvitationBody,
  type TotpConfirmed,
} from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/invitations/accept {token, password, confirmPassword, code} → {recoveryCodes} (shown
 * once). 400 `fields.code` for a wrong code; 410 once the link is used or expired.
 */
export function acceptInvitation(body: AcceptInvitationBody): Promise<TotpConfirmed> {
  return apiRequest('/api/invitations/accept', {
    method: 'POST',
    body,
    schema: TotpConfirmedSchema,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
