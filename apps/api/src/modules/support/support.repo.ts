// SQL for support tickets. Every function takes the handle first: inside a transaction pass
// `tx`, never the top-level db (PGlite has one connection; docs/product.md §9).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, supportMessages, supportTickets } from '../../db/schema.js';
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
    .select({ ticket: supportTickets })
    .from(supportTickets)
    .where(eq(supportTickets.clientId, clientId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit);
  return withMessages(db, tickets);
}

const TICKET_WITH_CLIENT = {
  ticket: supportTickets,
  client: {
    id: clients.id,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: clients.email,
  },
};

/** The staff inbox: tickets of one status (or all), newest activity first, with messages. */
export async function findTicketsForStaff(
  db: Db,
  status: 'open' | 'answered' | 'closed' | 'all',
  limit: number,
) {
  const tickets = await db
    .select(TICKET_WITH_CLIENT)
    .from(supportTickets)
    .leftJoin(clients, eq(clients.id, supportTickets.clientId))
    .where(status === 'all' ? undefined : eq(supportTickets.status, status))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(limit);
  return withMessages(db, tickets);
}

export async function findTicketForStaff(db: Db, id: string) {
  const tickets = await db
    .select(TICKET_WITH_CLIENT)
    .from(supportTickets)
    .leftJoin(clients, eq(clients.id, supportTickets.clientId))
    .where(eq(supportTickets.id, id))
    .limit(1);
  const [found] = await withMessages(db, tickets);
  return found ?? null;
}

async function withMessages<T extends { ticket: { id: string } }>(db: Db, tickets: T[]) {
  if (tickets.length === 0) return [];
  const messages = await db
    .select()
    .from(supportMessages)
    .where(
      inArray(
        supportMessages.ticketId,
        tickets.map((row) => row.ticket.id),
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const byTicket = new Map<string, (typeof messages)[number][]>();
  for (const message of messages) {
    const list = byTicket.get(message.ticketId) ?? [];
    list.push(message);
    byTicket.set(message.ticketId, list);
  }
  return tickets.map((row) => ({ ...row, messages: byTicket.get(row.ticket.id) ?? [] }));
}

export async function lockTicket(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function setTicketStatus(
  db: Db,
  id: string,
  status: 'open' | 'answered' | 'closed',
  now: Date,
): Promise<void> {
  await db.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, id));
}

export async function insertStaffReply(
  db: Db,
  reply: { ticketId: string; staffId: string; body: string; createdAt: Date },
): Promise<void> {
  await db.insert(supportMessages).values({ ...reply, authorKind: 'staff' });
}
