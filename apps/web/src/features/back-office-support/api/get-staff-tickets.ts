import { StaffTicketListSchema, type StaffTicket, type TICKET_FILTERS } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export type TicketFilter = (typeof TICKET_FILTERS)[number];

/** Every back-office read starts with ['admin', 'staff']; tickets share this prefix. */
export const staffTicketsKey = ['admin', 'staff', 'tickets'] as const;

/** GET /api/staff/tickets?status=open|answered|closed|all */
export function getStaffTickets(
  status: TicketFilter,
  signal?: AbortSignal,
): Promise<{ items: StaffTicket[] }> {
  return apiRequest(`/api/staff/tickets?status=${encodeURIComponent(status)}`, {
    auth: 'admin',
    schema: StaffTicketListSchema,
    signal,
  });
}

export function staffTicketsQuery(status: TicketFilter) {
  return queryOptions({
    queryKey: [...staffTicketsKey, 'list', status],
    queryFn: ({ signal }) => getStaffTickets(status, signal),
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffTickets(status: TicketFilter) {
  return useQuery(staffTicketsQuery(status));
}
