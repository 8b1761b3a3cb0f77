// SQL for the client's statement rows and their timelines. Every function takes the database or
// transaction handle first; inside db.transaction pass the `tx` (PRODUCT.md §9).
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clientTransactionEvents,
  clientTransactions,
  clients,
  ledgerTransfers,
} from '../../db/schema.js';
import type {
  TransactionEventValue,
  TransactionStatusValue,
  TransactionTypeValue,
} from '../../db/schema.js';

export type TransactionRow = typeof clientTransactions.$inferSelect;
export type NewTransactionRow = typeof clientTransactions.$inferInsert;
export type TransactionEventRow = typeof clientTransactionEvents.$inferSelect;

const count = (expression: SQL) => sql<number>`cast(${expression} as bigint)`.mapWith(Number);

export async function insertTransaction(db: Db, row: NewTransactionRow): Promise<TransactionRow> {
  const [inserted] = await db.insert(clientTransactions).values(row).returning();
  if (!inserted) throw new Error('insert into client_transactions returned no row');
  return inserted;
}

export async function insertEvent(
  db: Db,
  event: {
    transactionId: string;
    kind: TransactionEventValue;
    actor: string;
    reason?: string | null;
    idempotencyKey?: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(clientTransactionEvents).values({
    transactionId: event.transactionId,
    kind: event.kind,
    actor: event.actor,
    reason: event.reason ?? null,
    idempotencyKey: event.idempotencyKey ?? null,
    createdAt: event.createdAt,
  });
}

export async function updateTransaction(
  db: Db,
  id: string,
  changes: Partial<
    Pick<NewTransactionRow, 'status' | 'reason' | 'transferId' | 'feeTransferId' | 'updatedAt'>
  >,
): Promise<TransactionRow> {
  const [row] = await db
    .update(clientTransactions)
    .set(changes)
    .where(eq(clientTransactions.id, id))
    .returning();
  if (!row) throw new Error(`client transaction ${id} vanished while updating`);
  return row;
}

export async function findTransactionForUpdate(db: Db, id: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(clientTransactions)
    .where(eq(clientTransactions.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findTransaction(db: Db, id: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(clientTransactions)
    .where(eq(clientTransactions.id, id))
    .limit(1);
  return row ?? null;
}

export async function findTransactionByIdempotencyKey(
  db: Db,
  createdBy: string,
  idempotencyKey: string,
): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(clientTransactions)
    .where(
      and(
        eq(clientTransactions.createdBy, createdBy),
        eq(clientTransactions.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findEventByIdempotencyKey(
  db: Db,
  actor: string,
  idempotencyKey: string,
): Promise<TransactionEventRow | null> {
  const [row] = await db
    .select()
    .from(clientTransactionEvents)
    .where(
      and(
        eq(clientTransactionEvents.actor, actor),
        eq(clientTransactionEvents.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The timelines of several rows in one query, oldest event first. */
export async function findEventsOf(
  db: Db,
  transactionIds: string[],
): Promise<Map<string, TransactionEventRow[]>> {
  const byTransaction = new Map<string, TransactionEventRow[]>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = await db
    .select()
    .from(clientTransactionEvents)
    .where(inArray(clientTransactionEvents.transactionId, transactionIds))
    .orderBy(asc(clientTransactionEvents.createdAt), asc(clientTransactionEvents.id));
  for (const row of rows) {
    const list = byTransaction.get(row.transactionId) ?? [];
    list.push(row);
    byTransaction.set(row.transactionId, list);
  }
  return byTransaction;
}

/** Rows that follow from `relatedId` (a deposit's referral bonuses). */
export async function findRelatedTransactions(
  db: Db,
  relatedId: string,
  type: TransactionTypeValue,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(clientTransactions)
    .where(and(eq(clientTransactions.relatedId, relatedId), eq(clientTransactions.type, type)))
    .orderBy(asc(clientTransactions.createdAt));
}

/** Deposits that count towards the opening minimum and the documents rule: pending or completed. */
export async function countLiveDeposits(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count(sql`count(*)`) })
    .from(clientTransactions)
    .where(
      and(
        eq(clientTransactions.clientId, clientId),
        eq(clientTransactions.type, 'deposit'),
        inArray(clientTransactions.status, ['pending', 'completed']),
      ),
    );
  return row?.n ?? 0;
}

export interface HistoryFilter {
  clientId: string;
  type?: TransactionTypeValue | undefined;
  status?: TransactionStatusValue | undefined;
}

function historyConditions(filter: HistoryFilter): SQL[] {
  const conditions: SQL[] = [eq(clientTransactions.clientId, filter.clientId)];
  if (filter.type) conditions.push(eq(clientTransactions.type, filter.type));
  if (filter.status) conditions.push(eq(clientTransactions.status, filter.status));
  return conditions;
}

/**
 * One page of the statement, newest first. The cursor is the id of the last row of the previous
 * page; its (created_at, id) is read in the same statement at full precision, so rows sharing a
 * millisecond are neither skipped nor repeated. Returns null when the cursor is not this
 * client's row.
 */
export async function findHistoryPage(
  db: Db,
  filter: HistoryFilter,
  options: { afterId?: string | undefined; limit: number },
): Promise<TransactionRow[] | null> {
  const conditions = historyConditions(filter);
  if (options.afterId) {
    const [anchor] = await db
      .select({ id: clientTransactions.id })
      .from(clientTransactions)
      .where(
        and(
          eq(clientTransactions.id, options.afterId),
          eq(clientTransactions.clientId, filter.clientId),
        ),
      )
      .limit(1);
    if (!anchor) return null;
    conditions.push(
      sql`(${clientTransactions.createdAt}, ${clientTransactions.id}) < (select created_at, id from client_transactions where id = ${options.afterId})`,
    );
  }
  return db
    .select()
    .from(clientTransactions)
    .where(and(...conditions))
    .orderBy(desc(clientTransactions.createdAt), desc(clientTransactions.id))
    .limit(options.limit);
}

/** The client's deposit and withdrawal requests, newest first (bounded). */
export async function findMoneyRequests(
  db: Db,
  clientId: string,
  options: { openOnly: boolean; limit: number },
): Promise<TransactionRow[]> {
  const conditions: SQL[] = [
    eq(clientTransactions.clientId, clientId),
    inArray(clientTransactions.type, ['deposit', 'withdrawal']),
  ];
  if (options.openOnly) conditions.push(eq(clientTransactions.status, 'pending'));
  return db
    .select()
    .from(clientTransactions)
    .where(and(...conditions))
    .orderBy(desc(clientTransactions.createdAt), desc(clientTransactions.id))
    .limit(options.limit);
}

/** The staff queue: pending deposits and withdrawals of every client, oldest first. */
export async function findPendingRequests(db: Db, limit: number) {
  return db
    .select({
      transaction: clientTransactions,
      client: {
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
      },
    })
    .from(clientTransactions)
    .innerJoin(clients, eq(clients.id, clientTransactions.clientId))
    .where(
      and(
        eq(clientTransactions.status, 'pending'),
        inArray(clientTransactions.type, ['deposit', 'withdrawal']),
      ),
    )
    .orderBy(asc(clientTransactions.createdAt), asc(clientTransactions.id))
    .limit(limit);
}

export interface AccountMovement {
  amountMinor: number;
  /** +1 when the account was credited, −1 when debited. */
  sign: 1 | -1;
  state: 'pending' | 'posted' | 'voided';
  createdAt: Date;
  resolvedAt: Date | null;
}

/**
 * The transfers of one ledger account that changed its available balance since `since` (created
 * or resolved then), for the balance chart. Bounded by the window, not the whole history.
 */
export async function findAccountMovementsSince(
  db: Db,
  accountId: string,
  since: Date,
): Promise<AccountMovement[]> {
  const rows = await db
    .select({
      amountMinor: ledgerTransfers.amountMinor,
      debitAccountId: ledgerTransfers.debitAccountId,
      state: ledgerTransfers.state,
      createdAt: ledgerTransfers.createdAt,
      resolvedAt: ledgerTransfers.resolvedAt,
    })
    .from(ledgerTransfers)
    .where(
      and(
        or(
          eq(ledgerTransfers.debitAccountId, accountId),
          eq(ledgerTransfers.creditAccountId, accountId),
        ),
        or(
          sql`${ledgerTransfers.createdAt} >= ${since.toISOString()}`,
          sql`${ledgerTransfers.resolvedAt} >= ${since.toISOString()}`,
        ),
      ),
    );
  return rows.map((row) => ({
    amountMinor: row.amountMinor,
    sign: row.debitAccountId === accountId ? -1 : 1,
    state: row.state,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
  }));
}

export async function findClientReferrer(
  db: Db,
  clientId: string,
): Promise<{ exists: boolean; referredBy: string | null }> {
  const [row] = await db
    .select({ referredBy: clients.referredBy })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return { exists: row !== undefined, referredBy: row?.referredBy ?? null };
}
