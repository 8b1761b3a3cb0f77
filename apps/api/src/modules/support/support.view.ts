// Tickets as callers see them (the portal, and the back office's client detail and inbox).
import type { SupportTicket } from '@brokerdesk/shared';
import type { supportMessages, supportTickets } from '../../db/schema.js';

type TicketRow = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

/** Plain text as the author typed it; the web never renders it as HTML. */
export function toSupportTicket(ticket: TicketRow, messages: readonly MessageRow[]): SupportTicket {
  return {
    id: ticket.id,
    subject: ticket.subject,
    status: ticket.status,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    messages: messages.map((message) => ({
      id: message.id,
      author: message.authorKind,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
