import { StaffOverviewSchema, type StaffOverview } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** Every back-office read starts with ['admin', 'staff'], so a money action can refresh them all. */
export const staffOverviewKey = ['admin', 'staff', 'overview'] as const;

/** GET /api/staff/overview: new clients, pending requests by age, money today/month, tickets. */
export function getStaffOverview(signal?: AbortSignal): Promise<StaffOverview> {
  return apiRequest('/api/staff/overview', {
    auth: 'admin',
    schema: StaffOverviewSchema,
    signal,
  });
}

export function staffOverviewQuery() {
  return queryOptions({
    queryKey: staffOverviewKey,
    queryFn: ({ signal }) => getStaffOverview(signal),
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffOverview() {
  return useQuery(staffOverviewQuery());
}
