import { MoneySummarySchema, type MoneySummary } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { moneyKeys } from './query-keys';

/** GET /api/money/summary: balance, available, held and the minimum next deposit. */
export function getMoneySummary(signal?: AbortSignal): Promise<MoneySummary> {
  return apiRequest('/api/money/summary', { auth: 'user', schema: MoneySummarySchema, signal });
}

export function moneySummaryQuery() {
  return queryOptions({
    queryKey: moneyKeys.summary,
    queryFn: ({ signal }) => getMoneySummary(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useMoneySummary() {
  return useQuery(moneySummaryQuery());
}
