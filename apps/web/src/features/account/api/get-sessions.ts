import { ClientSessionListSchema, type ClientSessionList } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** GET /api/account/sessions (header user-token) → the client's live sessions, newest first. */
export function getSessions(signal?: AbortSignal): Promise<ClientSessionList> {
  return apiRequest('/api/account/sessions', {
    auth: 'user',
    schema: ClientSessionListSchema,
    signal,
  });
}

export function sessionsQuery() {
  return queryOptions({
    queryKey: ['user', 'sessions'],
    queryFn: ({ signal }) => getSessions(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useSessions() {
  return useQuery(sessionsQuery());
}
