import {
  StaffReferralCommissionListSchema,
  type ReferralCommissionState,
  type StaffReferralCommissionList,
} from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export interface ReferralCommissionFilter {
  /** One client's, as referrer or as referred client. */
  clientId?: string;
  state?: ReferralCommissionState;
}

/** Under the back office's reads: a decision anywhere refreshes every list. */
export const referralCommissionsKey = ['admin', 'staff', 'referral-commissions'] as const;

/** GET /api/staff/referral-commissions?clientId=…&state=…: newest first, with the signals. */
export function getReferralCommissions(
  filter: ReferralCommissionFilter,
  signal?: AbortSignal,
): Promise<StaffReferralCommissionList> {
  const query = new URLSearchParams();
  if (filter.clientId) query.set('clientId', filter.clientId);
  if (filter.state) query.set('state', filter.state);
  return apiRequest(`/api/staff/referral-commissions?${query.toString()}`, {
    auth: 'admin',
    schema: StaffReferralCommissionListSchema,
    signal,
  });
}

export function referralCommissionsQuery(filter: ReferralCommissionFilter) {
  return queryOptions({
    queryKey: [...referralCommissionsKey, filter.clientId ?? null, filter.state ?? null],
    queryFn: ({ signal }) => getReferralCommissions(filter, signal),
    enabled: () => getToken('admin') !== null,
  });
}

export function useReferralCommissions(filter: ReferralCommissionFilter) {
  return useQuery(referralCommissionsQuery(filter));
}
