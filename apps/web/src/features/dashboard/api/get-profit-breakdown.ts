import { ProfitBreakdownSchema, type ProfitBreakdown } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** GET /api/money/profit: the Profit card's total and where it came from (decision 103). */
export function getProfitBreakdown(signal?: AbortSignal): Promise<ProfitBreakdown> {
  return apiRequest('/api/money/profit', {
    auth: 'user',
    schema: ProfitBreakdownSchema,
    signal,
  });
}

export function profitBreakdownQuery() {
  return queryOptions({
    // Under ['user', 'money'], so invalidateMoneyQueries refreshes it with the balances.
    queryKey: ['user', 'money', 'profit'] as const,
    queryFn: ({ signal }) => getProfitBreakdown(signal),
    enabled: () => getToken('user') !== null,
    // Staff may credit profit at any time: ask again whenever the dashboard opens.
    staleTime: 0,
  });
}

export function useProfitBreakdown() {
  return useQuery(profitBreakdownQuery());
}
