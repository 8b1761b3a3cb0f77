import type { StaffTicket } from '@brokerdesk/shared';
import type { PillTone } from '../../../components/ui/pill';

export const TICKET_STATUS: Record<StaffTicket['status'], { label: string; tone: PillTone }> = {
  open: { label: 'Open', tone: 'warning' },
  answered: { label: 'Answered', tone: 'info' },
  closed: { label: 'Closed', tone: 'muted' },
};

export function ticketSubject(ticket: Pick<StaffTicket, 'subject'>): string {
  return ticket.subject.trim() === '' ? 'No subject' : ticket.subject;
}

/** Who wrote in: the client's name and e-mail, or "Visitor" and the address they left. */
export function ticketSender(ticket: StaffTicket): { name: string; email: string | null } {
  if (ticket.client) return { name: ticket.client.name, email: ticket.client.email };
  return { name: 'Visitor', email: ticket.replyEmail };
}
