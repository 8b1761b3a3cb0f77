import { ReferralOverviewSchema, type ReferralOverview } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** GET /api/referrals: the client's code, the bonus rate and the clients they referred. */
export function getReferrals(signal?: AbortSignal): Promise<ReferralOverview> {
  return apiRequest('/api/referrals', { auth: 'user', schema: ReferralOverviewSchema, signal });
}

export function referralsQuery() {
  return queryOptions({
    queryKey: ['user', 'referrals'],
    queryFn: ({ signal }) => getReferrals(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useReferrals() {
  return useQuery(referralsQuery());
}
