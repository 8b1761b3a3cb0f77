import { StaffClientDetailSchema, type StaffClientDetail } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export const staffClientKey = (clientId: string) => ['admin', 'staff', 'client', clientId] as const;

/** GET /api/staff/clients/:id: profile, balances, statement, plans, tickets, referrals, sessions. */
export function getStaffClient(clientId: string, signal?: AbortSignal): Promise<StaffClientDetail> {
  return apiRequest(`/api/staff/clients/${encodeURIComponent(clientId)}`, {
    auth: 'admin',
    schema: StaffClientDetailSchema,
    signal,
  });
}

export function staffClientQuery(clientId: string) {
  return queryOptions({
    queryKey: staffClientKey(clientId),
    queryFn: ({ signal }) => getStaffClient(clientId, signal),
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffClient(clientId: string) {
  return useQuery(staffClientQuery(clientId));
}
