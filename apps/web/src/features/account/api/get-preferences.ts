import { AccountPreferencesSchema, type AccountPreferences } from '@brokerdesk/shared/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** GET /api/account/preferences → the client's e-mail choices (trade confirmations). */
export function getPreferences(signal?: AbortSignal): Promise<AccountPreferences> {
  return apiRequest('/api/account/preferences', {
    auth: 'user',
    schema: AccountPreferencesSchema,
    signal,
  });
}

export function preferencesQuery() {
  return queryOptions({
    queryKey: ['user', 'preferences'],
    queryFn: ({ signal }) => getPreferences(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function usePreferences() {
  return useQuery(preferencesQuery());
}
