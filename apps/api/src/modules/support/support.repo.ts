// SQL for support tickets. Every function takes the handle first: inside a transaction pass
// `tx`, never the top-level db (PGlite has one connection; PRODUCT.md §9).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supportMessages, supportTickets } from '../../db/schema.js';
import type { MessageAuthorKind } from '../../db/schema.js';

export interface NewTicket {
  clientId: string | null;
  replyEmail: string | null;
  subject: string;
  idempotencyScope: string | null;
  idempotencyKey: string | null;
}

export async function insertTicket(tx: Db, ticket: NewTicket): Promise<{ id: string }> {
  const [row] = await tx.insert(supportTickets).values(ticket).returning({ id: supportTickets.id });
  if (!row) throw new Error('insert into support_tickets returned no row');
  return row;
}

export async function insertMessage(
  tx: Db,
  message: { ticketId: string; authorKind: MessageAuthorKind; body: string },
): Promise<void> {
  await tx.insert(supportMessages).values(message);
}

export async function findTicketIdByIdempotencyKey(
  db: Db,
  scope: string,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.idempotencyScope, scope), eq(supportTickets.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}

/** A client's newest tickets with their messages: two queries, whatever the count. */
export async function findClientTickets(db: Db, clientId: string, limit: number) {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.clientId, clientId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit);
  if (tickets.length === 0) return [];
  const messages = await db
    .select()
    .from(supportMessages)
    .where(
      inArray(
        supportMessages.ticketId,
        tickets.map((ticket) => ticket.id),
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return tickets.map((ticket) => ({
    ticket,
    messages: messages.filter((message) => message.ticketId === ticket.id),
  }));
}
