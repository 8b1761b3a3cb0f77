import { StaffInvitationSchema, type StaffInvitation } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/invitations/lookup {token} → who is invited, as what, until when (no sign-in: the
 * token from the link is the credential, sent in the body so it reaches no logged URL).
 * 400 TOKEN_INVALID, 410 TOKEN_USED / TOKEN_EXPIRED, 403 for a disabled account.
 */
export function lookupInvitation(token: string, signal?: AbortSignal): Promise<StaffInvitation> {
  return apiRequest('/api/invitations/lookup', {
    method: 'POST',
    body: { token },
    schema: StaffInvitationSchema,
    signal,
  });
}

export function invitationQuery(token: string) {
  return queryOptions({
    // The token is a credential: it stays out of the cache key (one invitation per page).
    queryKey: ['staff-invitation'],
    queryFn: ({ signal }) => lookupInvitation(token, signal),
    retry: false,
    staleTime: Infinity,
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}
