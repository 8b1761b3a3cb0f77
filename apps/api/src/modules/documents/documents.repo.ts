// SQL for verification documents. Every function takes the handle first: inside a transaction
// pass `tx`, never the top-level db (PGlite has one connection; docs/product.md §9). Lists are one
// query each (clients and reviewers joined), whatever the number of rows.
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DocumentKind, DocumentStatus } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { clientDocuments, clientTransactions, clients, staff } from '../../db/schema.js';

export type DocumentRow = typeof clientDocuments.$inferSelect;
export type NewDocumentRow = typeof clientDocuments.$inferInsert;

/** A document with the client it belongs to and the username of whoever reviewed it. */
export interface StaffDocumentRow {
  document: DocumentRow;
  client: { id: string; firstName: string; lastName: string; email: string };
  reviewerUsername: string | null;
}

const STAFF_DOCUMENT_COLUMNS = {
  document: clientDocuments,
  client: {
    id: clients.id,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: clients.email,
  },
  reviewerUsername: staff.username,
};

function staffDocuments(db: Db) {
  return db
    .select(STAFF_DOCUMENT_COLUMNS)
    .from(clientDocuments)
    .innerJoin(clients, eq(clients.id, clientDocuments.clientId))
    .leftJoin(staff, eq(staff.id, clientDocuments.reviewedBy));
}

/**
 * Locks the client's row, so one client's uploads (and their replacement rules) run one at a
 * time; false when the client does not exist.
 */
export async function lockClientForDocuments(tx: Db, clientId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  return rows.length > 0;
}

/** The kind's pending and approved documents (rejected ones stay as history), locked. */
export async function findOpenDocumentsOfKind(
  tx: Db,
  clientId: string,
  kind: DocumentKind,
  { lock }: { lock: boolean },
): Promise<Pick<DocumentRow, 'id' | 'status' | 'storedName'>[]> {
  const query = tx
    .select({
      id: clientDocuments.id,
      status: clientDocuments.status,
      storedName: clientDocuments.storedName,
    })
    .from(clientDocuments)
    .where(
      and(
        eq(clientDocuments.clientId, clientId),
        eq(clientDocuments.kind, kind),
        ne(clientDocuments.status, 'rejected'),
      ),
    );
  return lock ? query.for('update') : query;
}

export async function deleteDocuments(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(clientDocuments).where(inArray(clientDocuments.id, ids));
}

export async function insertDocument(tx: Db, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await tx.insert(clientDocuments).values(values).returning();
  if (!row) throw new Error('insert into client_documents returned no row');
  return row;
}

/** A client's documents, newest first. */
export async function findClientDocuments(
  db: Db,
  clientId: string,
  limit: number,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(clientDocuments)
    .where(eq(clientDocuments.clientId, clientId))
    .orderBy(desc(clientDocuments.createdAt), desc(clientDocuments.id))
    .limit(limit);
}

/** Each kind's newest document of a client (at most one row per kind). */
export async function findLatestDocumentPerKind(db: Db, clientId: string): Promise<DocumentRow[]> {
  return db
    .selectDistinctOn([clientDocuments.kind])
    .from(clientDocuments)
    .where(eq(clientDocuments.clientId, clientId))
    .orderBy(clientDocuments.kind, desc(clientDocuments.createdAt), desc(clientDocuments.id));
}

/** One document, only if it belongs to `clientId`. */
export async function findClientDocument(
  db: Db,
  clientId: string,
  id: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(clientDocuments)
    .where(and(eq(clientDocuments.id, id), eq(clientDocuments.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

export async function findDocument(db: Db, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(clientDocuments).where(eq(clientDocuments.id, id)).limit(1);
  return row ?? null;
}

export async function findStaffDocument(db: Db, id: string): Promise<StaffDocumentRow | null> {
  const [row] = await staffDocuments(db).where(eq(clientDocuments.id, id)).limit(1);
  return row ?? null;
}

export async function lockDocument(tx: Db, id: string): Promise<DocumentRow | null> {
  const [row] = await tx
    .select()
    .from(clientDocuments)
    .where(eq(clientDocuments.id, id))
    .for('update');
  return row ?? null;
}

export async function setDocumentReview(
  tx: Db,
  id: string,
  review: {
    status: Exclude<DocumentStatus, 'pending'>;
    reason: string | null;
    reviewedBy: string;
    reviewedAt: Date;
  },
): Promise<void> {
  await tx.update(clientDocuments).set(review).where(eq(clientDocuments.id, id));
}

/**
 * A page of documents of one status with their clients. Pending: oldest first (the queue, as
 * the partial index serves it); approved or rejected: newest first. `afterId` is the last row
 * of the previous page (keyset).
 */
export async function findStaffDocumentPage(
  db: Db,
  { status, limit, afterId }: { status: DocumentStatus; limit: number; afterId?: string },
): Promise<StaffDocumentRow[]> {
  const oldestFirst = status === 'pending';
  let after: SQL | undefined;
  if (afterId) {
    const position = sql`(select created_at, id from client_documents where id = ${afterId})`;
    after = oldestFirst
      ? sql`(${clientDocuments.createdAt}, ${clientDocuments.id}) > ${position}`
      : sql`(${clientDocuments.createdAt}, ${clientDocuments.id}) < ${position}`;
  }
  const order = oldestFirst
    ? [asc(clientDocuments.createdAt), asc(clientDocuments.id)]
    : [desc(clientDocuments.createdAt), desc(clientDocuments.id)];
  return staffDocuments(db)
    .where(and(eq(clientDocuments.status, status), after))
    .orderBy(...order)
    .limit(limit);
}

/** One client's documents with reviewers, newest first. */
export async function findStaffClientDocuments(
  db: Db,
  clientId: string,
  limit: number,
): Promise<StaffDocumentRow[]> {
  return staffDocuments(db)
    .where(eq(clientDocuments.clientId, clientId))
    .orderBy(desc(clientDocuments.createdAt), desc(clientDocuments.id))
    .limit(limit);
}

/** Whether the client exists and has verified their e-mail address. */
export async function findClientEmailState(
  db: Db,
  clientId: string,
): Promise<{ emailVerified: boolean } | null> {
  const [row] = await db
    .select({ emailVerifiedAt: clients.emailVerifiedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ? { emailVerified: row.emailVerifiedAt !== null } : null;
}

/**
 * Each required kind's newest document status (decision 104); a kind never uploaded is absent.
 * An approved kind takes no more uploads, so its newest document stays the approved one.
 */
export async function findRequiredDocumentStatuses(
  db: Db,
  clientId: string,
  kinds: readonly DocumentKind[],
): Promise<{ kind: DocumentKind; status: DocumentStatus }[]> {
  return db
    .selectDistinctOn([clientDocuments.kind], {
      kind: clientDocuments.kind,
      status: clientDocuments.status,
    })
    .from(clientDocuments)
    .where(and(eq(clientDocuments.clientId, clientId), inArray(clientDocuments.kind, [...kinds])))
    .orderBy(clientDocuments.kind, desc(clientDocuments.createdAt), desc(clientDocuments.id));
}

/**
 * The total of the client's deposits that count towards the limit before documents (decision
 * 104): pending or completed, requested by the client or recorded by staff.
 */
export async function sumCountedDeposits(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${clientTransactions.amountMinor}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(clientTransactions)
    .where(
      and(
        eq(clientTransactions.clientId, clientId),
        eq(clientTransactions.type, 'deposit'),
        inArray(clientTransactions.status, ['pending', 'completed']),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Locks the client's row against other deposit requests of the same client until the
 * transaction ends, so two at once cannot both fit under the limit. NO KEY UPDATE: inserts that
 * reference the client (their foreign keys take KEY SHARE) are not held up.
 */
export async function lockClientForDepositLimit(tx: Db, clientId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('no key update');
  return rows.length > 0;
}
