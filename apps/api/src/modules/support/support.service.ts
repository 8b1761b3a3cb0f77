// Support tickets (docs/product.md §2, §7): the public contact form and the dashboard support form
// both open a ticket whose first message is stored in the same transaction.
import type { SupportBody, SupportTicket } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  findClientTickets,
  findTicketIdByIdempotencyKey,
  insertMessage,
  insertTicket,
} from './support.repo.js';
import { toSupportTicket } from './support.view.js';

const TICKETS_LIMIT = 50;

/** Who is writing: a signed-in client, or a visitor of the public site (by IP). */
export type SupportAuthor = { kind: 'client'; clientId: string } | { kind: 'visitor'; ip: string };

export interface SendSupportMessageOptions {
  author: SupportAuthor;
  body: SupportBody;
  /** Optional Idempotency-Key: a repeat from the same author returns the first ticket. */
  idempotencyKey?: string | undefined;
}

/**
 * The scope of an idempotency key: the client's id, or 'visitor:' + IP for the public form, so
 * one caller can never read back another caller's ticket id by guessing a key.
 */
export function idempotencyScope(author: SupportAuthor): string {
  return author.kind === 'client' ? author.clientId : `visitor:${author.ip}`;
}

export function makeSupportService({ db }: { db: Db }) {
  async function sendSupportMessage({
    author,
    body,
    idempotencyKey,
  }: SendSupportMessageOptions): Promise<{ ticketId: string; replayed: boolean }> {
    const scope = idempotencyKey ? idempotencyScope(author) : null;
    if (scope && idempotencyKey) {
      const existing = await findTicketIdByIdempotencyKey(db, scope, idempotencyKey);
      if (existing) return { ticketId: existing, replayed: true };
    }

    try {
      const ticketId = await db.transaction(async (tx) => {
        const { id } = await insertTicket(tx, {
          clientId: author.kind === 'client' ? author.clientId : null,
          // The dashboard form's e-mail is ignored: staff answer in the portal (docs/product.md §7).
          replyEmail: author.kind === 'visitor' ? (body.email ?? null) : null,
          subject: body.subject,
          idempotencyScope: scope,
          idempotencyKey: scope ? (idempotencyKey ?? null) : null,
        });
        await insertMessage(tx, { ticketId: id, authorKind: author.kind, body: body.message });
        return id;
      });
      return { ticketId, replayed: false };
    } catch (error) {
      // Two requests with one key raced: the first one's ticket is the answer for both.
      if (
        scope &&
        idempotencyKey &&
        isUniqueViolation(error, 'support_tickets_idempotency_unique')
      ) {
        const existing = await findTicketIdByIdempotencyKey(db, scope, idempotencyKey);
        if (existing) return { ticketId: existing, replayed: true };
      }
      throw error;
    }
  }

  /** The signed-in client's tickets, newest first, with staff replies. */
  async function listClientTickets({
    clientId,
  }: {
    clientId: string;
  }): Promise<{ items: SupportTicket[] }> {
    const tickets = await findClientTickets(db, clientId, TICKETS_LIMIT);
    return { items: tickets.map(({ ticket, messages }) => toSupportTicket(ticket, messages)) };
  }

  return { sendSupportMessage, listClientTickets };
}

export type SupportService = ReturnType<typeof makeSupportService>;
