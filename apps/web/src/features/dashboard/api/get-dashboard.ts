import { DashboardResponseSchema, type DashboardResponse } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** GET /api/userDashboard/send/ with header user-token — always fresh from the ledger. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiRequest('/api/userDashboard/send/', {
    auth: 'user',
    schema: DashboardResponseSchema,
    signal,
  });
}

export function dashboardQuery() {
  return queryOptions({
    queryKey: ['user', 'dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    // Never asked without a token (e.g. while signing out): the answer could only be 401.
    enabled: () => getToken('user') !== null,
  });
}

export function useDashboard() {
  return useQuery(dashboardQuery());
}
