import { BalanceHistorySchema, type BalanceHistory } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { moneyKeys } from './query-keys';

/** GET /api/money/balance-history: the running balance after every change, highest and lowest. */
export function getBalanceHistory(signal?: AbortSignal): Promise<BalanceHistory> {
  return apiRequest('/api/money/balance-history', {
    auth: 'user',
    schema: BalanceHistorySchema,
    signal,
  });
}

export function balanceHistoryQuery() {
  return queryOptions({
    queryKey: moneyKeys.balanceHistory,
    queryFn: ({ signal }) => getBalanceHistory(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useBalanceHistory() {
  return useQuery(balanceHistoryQuery());
}
