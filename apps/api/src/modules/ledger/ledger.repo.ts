// Ledger SQL. Every function takes the database or transaction handle first; inside
// db.transaction pass the `tx` (docs/product.md §9). Aggregates are cast to bigint and mapped to
// Number because PGlite and node-postgres return numeric/bigint differently. The invariant
// queries of `npm run ledger:check` are in ledger-check.repo.ts.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { ledgerAccounts, ledgerKindTotals, ledgerTransfers } from '../../db/schema.js';
import type { LedgerTransferKind, LedgerTransferState } from '../../db/schema.js';

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;

export async function findAccountByCode(db: Db, code: string): Promise<LedgerAccount | null> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code))
    .limit(1);
  return row ?? null;
}

/** Creates the account unless it exists (a concurrent creator wins quietly), then reads it. */
export async function upsertAccount(
  db: Db,
  account: { code: string; clientId: string | null },
): Promise<LedgerAccount> {
  await db.insert(ledgerAccounts).values(account).onConflictDoNothing();
  const row = await findAccountByCode(db, account.code);
  if (!row) throw new Error(`ledger account ${account.code} missing after insert`);
  return row;
}

/** Locks the rows in id order, so two transfers between the same accounts never deadlock. */
export async function lockAccounts(db: Db, ids: string[]): Promise<LedgerAccount[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
}

/**
 * Locks, in one statement and in id order, the accounts with these codes and both accounts of
 * these transfers, and returns the codes it locked. It locks nothing unless every code has an
 * account, so the caller can create the missing ones before holding any lock and then lock the
 * whole set in order.
 */
export async function lockAccountsOf(
  db: Db,
  { codes, transferIds }: { codes: string[]; transferIds: string[] },
): Promise<string[]> {
  const a = ledgerAccounts;
  const t = ledgerTransfers;
  // A union (not an OR of the two conditions) keeps both look-ups on their indexes.
  const wanted = sql`select ${a.id} from ${a} where ${inArray(a.code, codes)}
    union all
    select unnest(array[${t.debitAccountId}, ${t.creditAccountId}]) from ${t}
    where ${inArray(t.id, transferIds)}`;
  const existing = sql`(select count(*) from ${a} where ${inArray(a.code, codes)})`;
  const rows = await db
    .select({ code: a.code })
    .from(a)
    .where(and(sql`${a.id} in (${wanted})`, sql`${existing} = ${codes.length}`))
    .orderBy(a.id)
    .for('update');
  return rows.map((row) => row.code);
}

export async function findClientCashAccount(
  db: Db,
  clientId: string,
): Promise<LedgerAccount | null> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientId, clientId))
    .limit(1);
  return row ?? null;
}

export async function findTransferByIdempotencyKey(
  db: Db,
  actor: string,
  idempotencyKey: string,
): Promise<LedgerTransfer | null> {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(
      and(eq(ledgerTransfers.actor, actor), eq(ledgerTransfers.idempotencyKey, idempotencyKey)),
    )
    .limit(1);
  return row ?? null;
}

export async function findTransferForUpdate(db: Db, id: string): Promise<LedgerTransfer | null> {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findReversalOf(db: Db, id: string): Promise<LedgerTransfer | null> {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reversesTransferId, id))
    .limit(1);
  return row ?? null;
}

export async function setTransferState(
  db: Db,
  id: string,
  state: LedgerTransferState,
  resolvedAt: Date,
): Promise<LedgerTransfer> {
  const [row] = await db
    .update(ledgerTransfers)
    .set({ state, resolvedAt })
    .where(eq(ledgerTransfers.id, id))
    .returning();
  if (!row) throw new Error(`ledger transfer ${id} vanished`);
  return row;
}

export interface TotalsDelta {
  accountId: string;
  debitsPosted?: number;
  creditsPosted?: number;
  debitsPending?: number;
  creditsPending?: number;
}

/** Adds to the maintained totals of several accounts in one statement (rows already locked). */
export async function addToAccountTotals(db: Db, deltas: TotalsDelta[]): Promise<void> {
  const a = ledgerAccounts;
  const rows = deltas.map(
    (d) =>
      sql`(${d.accountId}::uuid, ${d.debitsPosted ?? 0}::bigint, ${d.creditsPosted ?? 0}::bigint, ${d.debitsPending ?? 0}::bigint, ${d.creditsPending ?? 0}::bigint)`,
  );
  await db
    .update(a)
    .set({
      debitsPosted: sql`${a.debitsPosted} + delta.debits_posted`,
      creditsPosted: sql`${a.creditsPosted} + delta.credits_posted`,
      debitsPending: sql`${a.debitsPending} + delta.debits_pending`,
      creditsPending: sql`${a.creditsPending} + delta.credits_pending`,
    })
    .from(
      sql`(values ${sql.join(rows, sql`, `)}) as delta(account_id, debits_posted, credits_posted, debits_pending, credits_pending)`,
    )
    .where(sql`${a.id} = delta.account_id`);
}

/**
 * Adds to accounts' net posted totals per kind (a row is created on first use), in one
 * statement. At most one entry per account and kind: an upsert cannot touch a row twice.
 */
export async function addToKindTotals(
  db: Db,
  entries: { accountId: string; kind: LedgerTransferKind; deltaMinor: number }[],
): Promise<void> {
  const k = ledgerKindTotals;
  await db
    .insert(k)
    .values(
      entries.map((e) => ({ accountId: e.accountId, kind: e.kind, netPostedMinor: e.deltaMinor })),
    )
    .onConflictDoUpdate({
      target: [k.accountId, k.kind],
      set: { netPostedMinor: sql`${k.netPostedMinor} + excluded.net_posted_minor` },
    });
}

// ---- posting: one statement per transfer (docs/decisions/082) ----

/** One account of a posting, as the posting statement locked it. */
export interface LockedAccount {
  id: string;
  code: string;
  clientId: string | null;
  /** Available (credits − debits posted − debits pending) of the locked row, before the posting. */
  availableMinor: number;
}

export interface PostTransferInput {
  debitCode: string;
  creditCode: string;
  amountMinor: number;
  kind: LedgerTransferKind;
  state: 'pending' | 'posted';
  idempotencyKey: string | null;
  actor: string;
  linkedTransferId: string | null;
  reversesTransferId: string | null;
  businessDate: Date | null;
  createdAt: Date;
  /** The kind it counts under in the kind totals (a reversal: its original's kind). */
  countAs: LedgerTransferKind;
}

export interface PostTransferOutcome {
  /** The two accounts, locked; none when one of them does not exist yet. */
  accounts: LockedAccount[];
  /**
   * The new transfer, or null when nothing moved: an account is missing, a client's debit is
   * not covered by its available balance, or the actor already used the idempotency key.
   */
  transfer: LedgerTransfer | null;
}

const postTransferStatement = preparedQuery((db) => {
  const p = (name: keyof PostTransferInput) => sql.placeholder(name);
  // Both accounts, locked in id order (transfers in opposite directions cannot deadlock), or
  // none while one does not exist yet: the service then creates it before holding any lock.
  // FOR UPDATE (READ COMMITTED) yields the latest committed row, so `available` is current.
  const locked = db
    .$with('locked', {
      accountId: sql<string>`account_id`.as('account_id'),
      accountCode: sql<string>`account_code`.as('account_code'),
      accountClientId: sql<string | null>`account_client_id`.as('account_client_id'),
      accountAvailable: sql<number>`account_available`.mapWith(Number).as('account_available'),
    })
    .as(
      sql`select id as account_id, code as account_code, client_id as account_client_id,
            credits_posted - debits_posted - debits_pending as account_available
          from ledger_accounts
          where code in (${p('debitCode')}::text, ${p('creditCode')}::text)
            and (select count(*) from ledger_accounts
              where code in (${p('debitCode')}::text, ${p('creditCode')}::text)) = 2
          order by id
          for update`,
    );
  // Inserted only when both accounts exist and a client's debit stays covered. A key the actor
  // already used inserts nothing (a racing twin waits on the unique index, then does nothing).
  const transfer = db.$with('transfer', getTableColumns(ledgerTransfers)).as(
    sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_minor, kind,
            state, idempotency_key, actor, linked_transfer_id, reverses_transfer_id,
            business_date, created_at)
          select debit.account_id, credit.account_id, ${p('amountMinor')}::bigint,
            ${p('kind')}::text, ${p('state')}::text, ${p('idempotencyKey')}::text,
            ${p('actor')}::text, ${p('linkedTransferId')}::uuid, ${p('reversesTransferId')}::uuid,
            ${p('businessDate')}::timestamptz, ${p('createdAt')}::timestamptz
          from locked debit, locked credit
          where debit.account_code = ${p('debitCode')}::text
            and credit.account_code = ${p('creditCode')}::text
            and (debit.account_client_id is null
              or debit.account_available >= ${p('amountMinor')}::bigint)
          on conflict (actor, idempotency_key) do nothing
          returning *`,
  );
  // Both accounts' totals move with the transfer, by its state (rows locked above).
  const accountTotals = db.$with('account_totals', {}).as(
    sql`update ledger_accounts account set
          debits_posted = debits_posted + case when account.id = t.debit_account_id
            and t.state = 'posted' then t.amount_minor else 0 end,
          credits_posted = credits_posted + case when account.id = t.credit_account_id
            and t.state = 'posted' then t.amount_minor else 0 end,
          debits_pending = debits_pending + case when account.id = t.debit_account_id
            and t.state = 'pending' then t.amount_minor else 0 end,
          credits_pending = credits_pending + case when account.id = t.credit_account_id
            and t.state = 'pending' then t.amount_minor else 0 end
        from transfer t
        where account.id in (t.debit_account_id, t.credit_account_id)`,
  );
  // Posted money also moves both accounts' net total of its kind (credit +, debit −).
  const kindTotals = db.$with('kind_totals', {}).as(
    sql`insert into ledger_kind_totals (account_id, kind, net_posted_minor)
        select side.account_id, ${p('countAs')}::text, side.net_minor
        from transfer t
        cross join lateral (values (t.credit_account_id, t.amount_minor),
          (t.debit_account_id, -t.amount_minor)) as side(account_id, net_minor)
        where t.state = 'posted'
        on conflict (account_id, kind) do update
          set net_posted_minor = ledger_kind_totals.net_posted_minor + excluded.net_posted_minor`,
  );
  return db
    .with(locked, transfer, accountTotals, kindTotals)
    .select()
    .from(locked)
    .leftJoin(transfer, eq(transfer.debitAccountId, locked.accountId))
    .prepare('post_transfer');
});

/**
 * Posts a transfer in one statement: locks both accounts (in id order), checks a client debit
 * against the locked available balance, inserts the transfer unless the actor's idempotency key
 * is taken, and moves both accounts' totals and (when posted) kind totals. Atomic on its own.
 */
export async function postTransfer(db: Db, input: PostTransferInput): Promise<PostTransferOutcome> {
  const rows = await postTransferStatement(db, {
    ...input,
    businessDate: input.businessDate?.toISOString() ?? null,
    createdAt: input.createdAt.toISOString(),
  });
  return {
    accounts: rows.map(({ locked }) => ({
      id: locked.accountId,
      code: locked.accountCode,
      clientId: locked.accountClientId,
      availableMinor: locked.accountAvailable,
    })),
    transfer: rows.find((row) => row.transfer !== null)?.transfer ?? null,
  };
}

export interface ClientCashTotals {
  /** The maintained totals available() is computed from. */
  account: Pick<LedgerAccount, 'creditsPosted' | 'debitsPosted' | 'debitsPending'>;
  byKind: Map<LedgerTransferKind, number>;
}

const cashTotalsOfClient = preparedQuery((db) =>
  db
    .select({
      creditsPosted: ledgerAccounts.creditsPosted,
      debitsPosted: ledgerAccounts.debitsPosted,
      debitsPending: ledgerAccounts.debitsPending,
      kind: ledgerKindTotals.kind,
      net: ledgerKindTotals.netPostedMinor,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerKindTotals, eq(ledgerKindTotals.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.clientId, sql.placeholder('clientId')))
    .prepare('cash_totals_of_client'),
);

/**
 * A client's cash account totals and its net posted cents by kind, in one prepared read (every
 * dashboard makes it); null while the client has no account yet.
 */
export async function findClientCashTotals(
  db: Db,
  clientId: string,
): Promise<ClientCashTotals | null> {
  const rows = await cashTotalsOfClient(db, { clientId });
  const [first] = rows;
  if (!first) return null;
  const byKind = new Map<LedgerTransferKind, number>();
  for (const row of rows) if (row.kind !== null && row.net !== null) byKind.set(row.kind, row.net);
  return { account: first, byKind };
}

/** An account's totals and net posted cents by kind, by code (a trading account has no client). */
export async function findAccountTotalsByCode(
  db: Db,
  code: string,
): Promise<ClientCashTotals | null> {
  const rows = await db
    .select({
      creditsPosted: ledgerAccounts.creditsPosted,
      debitsPosted: ledgerAccounts.debitsPosted,
      debitsPending: ledgerAccounts.debitsPending,
      kind: ledgerKindTotals.kind,
      net: ledgerKindTotals.netPostedMinor,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerKindTotals, eq(ledgerKindTotals.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.code, code));
  const [first] = rows;
  if (!first) return null;
  const byKind = new Map<LedgerTransferKind, number>();
  for (const row of rows) if (row.kind !== null && row.net !== null) byKind.set(row.kind, row.net);
  return { account: first, byKind };
}

/**
 * A live trading account's posted balance as a scalar SQL expression of its client's id (0
 * before its ledger account exists): for other modules' queries over many accounts at once,
 * such as the trading risk rules' screen, so they need not know this table.
 */
export function tradingBalanceSql(clientId: SQL): SQL {
  return sql`coalesce((
    select ${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted}
    from ${ledgerAccounts}
    where ${ledgerAccounts.code} = 'client:' || ${clientId} || ':trading'
  ), 0)`;
}
