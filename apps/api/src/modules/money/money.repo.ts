// SQL for the client's statement rows and their timelines. Every function takes the database or
// transaction handle first; inside db.transaction pass the `tx` (docs/product.md §9).
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
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

/**
 * What a statement line shows (portal, dashboard, CSV, staff detail): lists read only these
 * columns, which keeps a 100-row page cheap to decode.
 */
const statementColumns = {
  id: clientTransactions.id,
  type: clientTransactions.type,
  direction: clientTransactions.direction,
  amountMinor: clientTransactions.amountMinor,
  feeMinor: clientTransactions.feeMinor,
  status: clientTransactions.status,
  method: clientTransactions.method,
  destination: clientTransactions.destination,
  reason: clientTransactions.reason,
  needsDocuments: clientTransactions.needsDocuments,
  /** Who entered the row: the portal says "Credited by staff" for 'staff:…' (decision 103). */
  createdBy: clientTransactions.createdBy,
  businessDate: clientTransactions.businessDate,
  createdAt: clientTransactions.createdAt,
};
export type StatementRow = Pick<TransactionRow, keyof typeof statementColumns>;
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

/** Which optional parts a history query has; each combination is its own prepared statement. */
interface HistoryShape {
  type: boolean;
  status: boolean;
  cursor: boolean;
}

const historyPageQueries = new Map<string, ReturnType<typeof prepareHistoryPage>>();

/** A statement row as PostgreSQL's json_build_object writes it: dates are ISO strings. */
type StatementJson = Omit<StatementRow, 'createdAt' | 'businessDate'> & {
  createdAt: string;
  businessDate: string | null;
};

/**
 * A page is read as one JSON array that PostgreSQL builds: decoding 100 rows × 12 columns field
 * by field cost the driver (and Drizzle's row mapping) more than JSON.parse of the same array,
 * on pg and even more on PGlite (decision 080).
 */
function prepareHistoryPage(shape: HistoryShape) {
  const name = `history_page_${Number(shape.type)}${Number(shape.status)}${Number(shape.cursor)}`;
  return preparedQuery((db) => {
    const t = clientTransactions;
    const conditions: SQL[] = [eq(t.clientId, sql.placeholder('clientId'))];
    if (shape.type) conditions.push(eq(t.type, sql.placeholder('type')));
    if (shape.status) conditions.push(eq(t.status, sql.placeholder('status')));
    if (shape.cursor) {
      conditions.push(
        sql`(${t.createdAt}, ${t.id}) < (select created_at, id from client_transactions where id = ${sql.placeholder('afterId')})`,
      );
    }
    const page = db
      .select(statementColumns)
      .from(t)
      .where(and(...conditions))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(sql.placeholder('limit'))
      .as('page');
    const fields = sql.join(
      Object.keys(statementColumns).map(
        (key) => sql`${sql.raw(`'${key}'`)}, ${page[key as keyof typeof statementColumns]}`,
      ),
      sql`, `,
    );
    return db
      .select({
        rows: sql<string>`coalesce(json_agg(json_build_object(${fields}) order by ${page.createdAt} desc, ${page.id} desc), '[]')::text`,
      })
      .from(page)
      .prepare(name);
  });
}

function fromStatementJson(json: string): StatementRow[] {
  return (JSON.parse(json) as StatementJson[]).map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    businessDate: row.businessDate === null ? null : new Date(row.businessDate),
  }));
}

function historyPageQuery(shape: HistoryShape) {
  const key = `${shape.type}/${shape.status}/${shape.cursor}`;
  let query = historyPageQueries.get(key);
  if (!query) {
    query = prepareHistoryPage(shape);
    historyPageQueries.set(key, query);
  }
  return query;
}

const cursorOfClient = preparedQuery((db) =>
  db
    .select({ id: clientTransactions.id })
    .from(clientTransactions)
    .where(
      and(
        eq(clientTransactions.id, sql.placeholder('afterId')),
        eq(clientTransactions.clientId, sql.placeholder('clientId')),
      ),
    )
    .limit(1)
    .prepare('history_cursor_of_client'),
);

/**
 * One page of the statement, newest first. The cursor is the id of the last row of the previous
 * page; its (created_at, id) is read in the same statement at full precision, so rows sharing a
 * millisecond are neither skipped nor repeated. Returns null when the cursor is not this
 * client's row. Every signed-in dashboard and history page reads one, hence prepared.
 */
export async function findHistoryPage(
  db: Db,
  filter: HistoryFilter,
  options: { afterId?: string | undefined; limit: number },
): Promise<StatementRow[] | null> {
  const { clientId, type, status } = filter;
  const { afterId, limit } = options;
  if (afterId) {
    const [anchor] = await cursorOfClient(db, { afterId, clientId });
    if (!anchor) return null;
  }
  const query = historyPageQuery({ type: !!type, status: !!status, cursor: !!afterId });
  const [page] = await query(db, { clientId, type, status, afterId, limit });
  return fromStatementJson(page?.rows ?? '[]');
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
