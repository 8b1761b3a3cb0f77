import { StaffMoneyRequestListSchema, type StaffMoneyRequestList } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** Every back-office read starts with ['admin', 'staff'] (see resolve-money-request.ts). */
export const staffMoneyRequestsKey = ['admin', 'staff', 'money-requests'] as const;

/** GET /api/staff/money-requests: pending deposits and withdrawals with the client, oldest first. */
export function getStaffMoneyRequests(signal?: AbortSignal): Promise<StaffMoneyRequestList> {
  return apiRequest('/api/staff/money-requests', {
    auth: 'admin',
    schema: StaffMoneyRequestListSchema,
    signal,
  });
}

export function staffMoneyRequestsQuery() {
  return queryOptions({
    queryKey: staffMoneyRequestsKey,
    queryFn: ({ signal }) => getStaffMoneyRequests(signal),
    // A queue: new requests arrive while the page is open.
    refetchInterval: 60_000,
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffMoneyRequests() {
  return useQuery(staffMoneyRequestsQuery());
}
