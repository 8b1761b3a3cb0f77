import { SubscriptionListSchema, type SubscriptionList } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export const subscriptionsQueryKey = ['user', 'subscriptions'] as const;

/** GET /api/subscriptions: the client's subscriptions, newest first. */
export function getSubscriptions(signal?: AbortSignal): Promise<SubscriptionList> {
  return apiRequest('/api/subscriptions', {
    auth: 'user',
    schema: SubscriptionListSchema,
    signal,
  });
}

export function subscriptionsQuery() {
  return queryOptions({
    queryKey: subscriptionsQueryKey,
    queryFn: ({ signal }) => getSubscriptions(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useSubscriptions() {
  return useQuery(subscriptionsQuery());
}
