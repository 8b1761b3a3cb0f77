// SQL for support tickets. Every function takes the handle first: inside a transaction pass
// `tx`, never the top-level db (PGlite has one connection; PRODUCT.md §9).
import { and, eq } from 'drizzle-orm';
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
