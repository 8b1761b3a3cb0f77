// Shared (not a feature's): the dashboard, the account page, the packages page and the e-mail
// verification banner all read this one query.
import { DashboardResponseSchema, type DashboardResponse } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { getToken } from '../lib/auth-tokens';

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
    // Balances change when staff act, not only when this client does: a page that shows them
    // asks again when it opens, even while the portal's banner keeps this query alive.
    staleTime: 0,
  });
}

export function useDashboard() {
  return useQuery(dashboardQuery());
}
