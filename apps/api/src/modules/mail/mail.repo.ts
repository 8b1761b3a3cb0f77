// The outbox table's queries. Enqueueing takes the caller's transaction, so a mail exists
// exactly when the change it reports has committed.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, mailOutbox } from '../../db/schema.js';
import type { RenderedMail } from './mail-templates.js';

export interface MailRecipientClient {
  id: string;
  email: string;
  firstName: string;
  /** Wants a confirmation per fill and close (decision 137). */
  tradeConfirmations: boolean;
}

const recipient = {
  id: clients.id,
  email: clients.email,
  firstName: clients.firstName,
  tradeConfirmations: clients.tradeConfirmations,
};

/** The client a mail goes to; read in the caller's transaction (the committed address). */
export async function findMailRecipient(
  tx: Db,
  clientId: string,
): Promise<MailRecipientClient | null> {
  const [client] = await tx
    .select(recipient)
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return client ?? null;
}

/** Many clients' recipients in one read (a stop-out storm mails hundreds at once). */
export async function findMailRecipients(
  tx: Db,
  clientIds: readonly string[],
): Promise<MailRecipientClient[]> {
  if (clientIds.length === 0) return [];
  return tx
    .select(recipient)
    .from(clients)
    .where(inArray(clients.id, [...clientIds]));
}

export interface NewMail {
  recipient: string;
  mail: RenderedMail;
  clientId?: string | null;
  /** Default now; calendar reminders wait for their day. */
  sendAfter?: Date;
}

export async function insertMail(tx: Db, { recipient, mail, clientId, sendAfter }: NewMail) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      template: mail.template,
      recipient,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      clientId: clientId ?? null,
      ...(sendAfter ? { sendAfter } : {}),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('insert into mail_outbox returned no row');
  return row;
}

/** Several mails in one insert, in the order given. */
export async function insertMails(tx: Db, mails: readonly NewMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map(({ recipient, mail, clientId, sendAfter }) => ({
      template: mail.template,
      recipient,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      clientId: clientId ?? null,
      ...(sendAfter ? { sendAfter } : {}),
    })),
  );
}

export interface DueMail {
  id: string;
  template: string;
  recipient: string;
  subject: string;
  textBody: string | null;
  htmlBody: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due mails by pushing their send_after past the claim's lease, so another
 * instance's worker skips them; SKIP LOCKED keeps two claims from waiting on each other.
 */
export async function claimDueMails(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DueMail[]> {
  // An idle outbox costs one indexed read per poll, not a transaction (PGlite has one connection).
  const [anyDue] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.state, 'queued'), lte(mailOutbox.sendAfter, now)))
    .limit(1);
  if (!anyDue) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'queued'), lte(mailOutbox.sendAfter, now)))
      .orderBy(asc(mailOutbox.sendAfter), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ sendAfter: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        sql`${mailOutbox.id} in (${sql.join(
          due.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
      .returning({
        id: mailOutbox.id,
        template: mailOutbox.template,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        textBody: mailOutbox.textBody,
        htmlBody: mailOutbox.htmlBody,
        attempts: mailOutbox.attempts,
      });
  });
}

/** Delivered: the body goes (it may hold a single-use link), the record of sending stays. */
export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: now, textBody: null, htmlBody: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Another try at `retryAt`, or given up on (state failed, body kept for an operator). */
export async function markMailFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(retryAt ? { sendAfter: retryAt, lastError: error } : { state: 'failed', lastError: error })
    .where(eq(mailOutbox.id, id));
}

/** A client's newest mails, metadata only (the back office's client detail). */
export async function findClientMails(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      template: mailOutbox.template,
      subject: mailOutbox.subject,
      state: mailOutbox.state,
      createdAt: mailOutbox.createdAt,
      sendAfter: mailOutbox.sendAfter,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.clientId, clientId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
