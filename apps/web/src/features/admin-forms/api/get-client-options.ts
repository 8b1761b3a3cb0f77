import { ClientListResponseSchema, type ClientListItem } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/allUsers/users (docs/origin.md §7) → [{_id, userName, email}] for the user pickers. */
export function getClientOptions(signal?: AbortSignal): Promise<ClientListItem[]> {
  return apiRequest('/api/allUsers/users', {
    auth: 'admin',
    schema: ClientListResponseSchema,
    signal,
  });
}

export function clientOptionsQuery() {
  return queryOptions({
    queryKey: ['admin', 'all-users'],
    queryFn: ({ signal }) => getClientOptions(signal),
  });
}

export function useClientOptions() {
  return useQuery(clientOptionsQuery());
}
