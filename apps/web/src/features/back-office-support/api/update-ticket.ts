import { StaffTicketSchema, type StaffTicket, type TicketReplyBody } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffTicketKey } from './get-staff-ticket';

/** The inbox, the ticket and the overview's open-ticket count all change. */
const backOfficeReadsKey = ['admin', 'staff'] as const;

/** POST /api/staff/tickets/:id/reply {message} → the ticket, now answered. */
export function replyToTicket({ id, message }: { id: string } & TicketReplyBody) {
  return apiRequest<StaffTicket>(`/api/staff/tickets/${encodeURIComponent(id)}/reply`, {
    method: 'POST',
    auth: 'admin',
    body: { message },
    schema: StaffTicketSchema,
  });
}

export type TicketStatusChange = 'close' | 'reopen';

/** POST /api/staff/tickets/:id/close · /reopen → the ticket. */
export function changeTicketStatus({ id, change }: { id: string; change: TicketStatusChange }) {
  return apiRequest<StaffTicket>(`/api/staff/tickets/${encodeURIComponent(id)}/${change}`, {
    method: 'POST',
    auth: 'admin',
    schema: StaffTicketSchema,
  });
}

function useTicketMutation<Input extends { id: string }>(
  mutationFn: (input: Input) => Promise<StaffTicket>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (ticket) => queryClient.setQueryData(staffTicketKey(ticket.id), ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeReadsKey }),
  });
}

export function useReplyToTicket() {
  return useTicketMutation(replyToTicket);
}

export function useChangeTicketStatus() {
  return useTicketMutation(changeTicketStatus);
}
