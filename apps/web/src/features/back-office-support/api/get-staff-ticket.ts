import { StaffTicketSchema, type StaffTicket } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { staffTicketsKey } from './get-staff-tickets';

export const staffTicketKey = (id: string) => [...staffTicketsKey, 'detail', id] as const;

/** GET /api/staff/tickets/:id: one ticket with its whole conversation. */
export function getStaffTicket(id: string, signal?: AbortSignal): Promise<StaffTicket> {
  return apiRequest(`/api/staff/tickets/${encodeURIComponent(id)}`, {
    auth: 'admin',
    schema: StaffTicketSchema,
    signal,
  });
}

export function staffTicketQuery(id: string) {
  return queryOptions({
    queryKey: staffTicketKey(id),
    queryFn: ({ signal }) => getStaffTicket(id, signal),
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffTicket(id: string) {
  return useQuery(staffTicketQuery(id));
}
