import { MoneyRequestListSchema, type MoneyRequestList } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { moneyKeys } from './query-keys';

export interface MoneyRequestFilter {
  /** true: only requests still waiting for staff (pending). */
  open?: boolean;
}

/** GET /api/money-requests[?open=true]: deposit and withdrawal requests, newest first. */
export function getMoneyRequests(
  filter: MoneyRequestFilter = {},
  signal?: AbortSignal,
): Promise<MoneyRequestList> {
  const query = filter.open ? '?open=true' : '';
  return apiRequest(`/api/money-requests${query}`, {
    auth: 'user',
    schema: MoneyRequestListSchema,
    signal,
  });
}

export function moneyRequestsQuery(filter: MoneyRequestFilter = {}) {
  return queryOptions({
    queryKey: moneyKeys.requests(filter.open ? { open: true } : {}),
    queryFn: ({ signal }) => getMoneyRequests(filter, signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useMoneyRequests(filter: MoneyRequestFilter = {}) {
  return useQuery(moneyRequestsQuery(filter));
}
