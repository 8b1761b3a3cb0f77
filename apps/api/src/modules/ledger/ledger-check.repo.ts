// The ledger's invariant queries (npm run ledger:check, ledger.check.ts): read-only sums and
// scans over the whole ledger. Aggregates are cast to bigint and mapped to Number because PGlite
// and node-postgres return numeric/bigint differently.
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerKindTotals, ledgerTransfers } from '../../db/schema.js';
import type { LedgerTransferKind, LedgerTransferState } from '../../db/schema.js';

const cents = (expression: SQL) => sql<number>`cast(${expression} as bigint)`.mapWith(Number);
const sumCents = (expression: SQL) => cents(sql`coalesce(sum(${expression}), 0)`);

export async function sumAccountTotals(db: Db) {
  const a = ledgerAccounts;
  const [row] = await db
    .select({
      debitsPosted: sumCents(sql`${a.debitsPosted}`),
      creditsPosted: sumCents(sql`${a.creditsPosted}`),
      debitsPending: sumCents(sql`${a.debitsPending}`),
      creditsPending: sumCents(sql`${a.creditsPending}`),
    })
    .from(a);
  return row ?? { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 };
}

/** Accounts whose maintained totals differ from the sums of their transfers by state. */
export async function findAccountsWithWrongTotals(db: Db) {
  const a = ledgerAccounts;
  const t = ledgerTransfers;
  const side = (column: AnyPgColumn, state: LedgerTransferState) =>
    sql`(select coalesce(sum(${t.amountMinor}), 0) from ${t} where ${column} = ${a.id} and ${t.state} = ${state})`;
  const expected = {
    debitsPosted: cents(side(t.debitAccountId, 'posted')),
    creditsPosted: cents(side(t.creditAccountId, 'posted')),
    debitsPending: cents(side(t.debitAccountId, 'pending')),
    creditsPending: cents(side(t.creditAccountId, 'pending')),
  };
  const rows = await db
    .select({
      code: a.code,
      debitsPosted: a.debitsPosted,
      creditsPosted: a.creditsPosted,
      debitsPending: a.debitsPending,
      creditsPending: a.creditsPending,
      expectedDebitsPosted: expected.debitsPosted,
      expectedCreditsPosted: expected.creditsPosted,
      expectedDebitsPending: expected.debitsPending,
      expectedCreditsPending: expected.creditsPending,
    })
    .from(a)
    .orderBy(a.code);
  return rows.filter(
    (r) =>
      r.debitsPosted !== r.expectedDebitsPosted ||
      r.creditsPosted !== r.expectedCreditsPosted ||
      r.debitsPending !== r.expectedDebitsPending ||
      r.creditsPending !== r.expectedCreditsPending,
  );
}

export async function findNegativeClientAccounts(db: Db) {
  const a = ledgerAccounts;
  const available = cents(sql`${a.creditsPosted} - ${a.debitsPosted} - ${a.debitsPending}`);
  return db
    .select({ code: a.code, availableMinor: available })
    .from(a)
    .where(
      and(
        sql`${a.clientId} is not null`,
        sql`${a.creditsPosted} - ${a.debitsPosted} - ${a.debitsPending} < 0`,
      ),
    );
}

/** Reversals that are not posted, point at a transfer that is not posted, or share a target. */
export async function findBadReversals(db: Db) {
  const t = ledgerTransfers;
  const original = alias(ledgerTransfers, 'original');
  const notPosted = await db
    .select({ id: t.id, state: t.state, originalState: original.state })
    .from(t)
    .leftJoin(original, eq(original.id, t.reversesTransferId))
    .where(
      and(
        sql`${t.reversesTransferId} is not null`,
        sql`(${t.state} <> 'posted' or ${original.state} is distinct from 'posted')`,
      ),
    );
  const twice = await db
    .select({ originalId: t.reversesTransferId, count: cents(sql`count(*)`) })
    .from(t)
    .where(sql`${t.reversesTransferId} is not null`)
    .groupBy(t.reversesTransferId)
    .having(sql`count(*) > 1`);
  return { notPosted, twice };
}

export async function findDuplicateIdempotencyKeys(db: Db) {
  const t = ledgerTransfers;
  return db
    .select({ actor: t.actor, idempotencyKey: t.idempotencyKey, count: cents(sql`count(*)`) })
    .from(t)
    .where(sql`${t.idempotencyKey} is not null`)
    .groupBy(t.actor, t.idempotencyKey)
    .having(sql`count(*) > 1`);
}

/**
 * Accounts whose maintained kind totals differ from their posted transfers, each counted on
 * both sides under its kind (a reversal under the kind it reverses). Read-only, for the check.
 */
export async function findWrongKindTotals(db: Db) {
  const t = ledgerTransfers;
  const original = alias(ledgerTransfers, 'original');
  const kind = sql<LedgerTransferKind>`coalesce(${original.kind}, ${t.kind})`;
  const side = (account: typeof t.creditAccountId | typeof t.debitAccountId) =>
    db
      .select({ accountId: account, kind, amount: sumCents(sql`${t.amountMinor}`) })
      .from(t)
      .leftJoin(original, eq(original.id, t.reversesTransferId))
      .where(eq(t.state, 'posted'))
      .groupBy(account, kind);
  const [credits, debits, maintained] = await Promise.all([
    side(t.creditAccountId),
    side(t.debitAccountId),
    db.select().from(ledgerKindTotals),
  ]);
  const expected = new Map<string, number>();
  const key = (accountId: string, k: string) => `${accountId} ${k}`;
  for (const row of credits) expected.set(key(row.accountId, row.kind), row.amount);
  for (const row of debits) {
    const k = key(row.accountId, row.kind);
    expected.set(k, (expected.get(k) ?? 0) - row.amount);
  }
  const actual = new Map(
    maintained.map((row) => [key(row.accountId, row.kind), row.netPostedMinor]),
  );
  const wrong: { accountId: string; kind: string; maintained: number; expected: number }[] = [];
  for (const k of new Set([...expected.keys(), ...actual.keys()])) {
    const want = expected.get(k) ?? 0;
    const have = actual.get(k) ?? 0;
    if (want !== have) {
      const [accountId = '', kindName = ''] = k.split(' ');
      wrong.push({ accountId, kind: kindName, maintained: have, expected: want });
    }
  }
  return wrong;
}

/**
 * Statement rows whose status disagrees with their transfers: completed or reversed without a
 * posted transfer, pending without a pending hold, rejected or cancelled with a live hold,
 * failed with any transfer, or an amount that differs from its transfer's.
 */
export async function findStatementMismatches(
  db: Db,
): Promise<{ id: string; type: string; status: string; problem: string }[]> {
  type Mismatch = { id: string; type: string; status: string; problem: string };
  // pg and PGlite both answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    select * from (select ct.id, ct.type, ct.status,
      case
        when ct.status = 'failed' and (ct.transfer_id is not null or ct.fee_transfer_id is not null)
          then 'failed row with a transfer'
        when ct.status in ('completed', 'reversed') and (t.state is distinct from 'posted'
          or (ct.fee_transfer_id is not null and f.state is distinct from 'posted'))
          then 'completed row without a posted transfer'
        when ct.status = 'pending' and ct.transfer_id is not null and (t.state <> 'pending'
          or (ct.fee_transfer_id is not null and f.state <> 'pending'))
          then 'pending row whose hold is resolved'
        when ct.status in ('rejected', 'cancelled') and ct.transfer_id is not null
          and (t.state <> 'voided' or (ct.fee_transfer_id is not null and f.state <> 'voided'))
          then 'rejected row whose hold is not released'
        when ct.type <> 'reversal' and t.amount_minor <> ct.amount_minor
          then 'amount differs from its transfer'
        when f.amount_minor is distinct from nullif(ct.fee_minor, 0)
          and not (ct.fee_transfer_id is null and ct.fee_minor = 0)
          then 'fee differs from its transfer'
      end as problem
    from client_transactions ct
    left join ledger_transfers t on t.id = ct.transfer_id
    left join ledger_transfers f on f.id = ct.fee_transfer_id) checked
    where problem is not null
  `)) as unknown as { rows: Mismatch[] };
  return result.rows;
}

/**
 * Referral commissions (decision 110) that disagree with their transfer or line, pass the cap
 * per referred client, or were paid before their release date.
 */
export async function findReferralCommissionMismatches(
  db: Db,
): Promise<{ subject: string; problem: string }[]> {
  type Mismatch = { subject: string; problem: string };
  const result = (await db.execute(sql`
    select * from (select 'referral commission ' || rc.id as subject,
      case
        when t.id is null or t.kind <> 'referral_bonus' or t.amount_minor <> rc.amount_minor
          or a.client_id is distinct from rc.referrer_id
          then 'transfer is not a referral bonus of this amount to the referrer'
        when rc.state in ('pending', 'held') and t.state <> 'pending'
          then 'waiting commission whose transfer is ' || t.state
        when rc.state = 'released' and t.state <> 'posted'
          then 'released commission whose transfer is ' || t.state
        when rc.state = 'voided' and t.state <> 'voided'
          then 'voided commission whose transfer is ' || t.state
        when ct.status is distinct from case rc.state when 'released' then 'completed'
          when 'voided' then 'cancelled' else 'pending' end
          then 'statement line is ' || coalesce(ct.status, 'missing')
        when rc.state = 'released' and (rc.released_at < rc.release_at or t.resolved_at < rc.release_at)
          then 'paid before its release date'
      end as problem
    from referral_commissions rc
    left join ledger_transfers t on t.id = rc.transfer_id
    left join ledger_accounts a on a.id = t.credit_account_id
    left join client_transactions ct on ct.id = rc.line_id) checked
    where problem is not null
    union all
    select 'referred client ' || rc.referred_id as subject,
      'commission over the cap: ' || sum(rc.amount_minor) || ' > ' || max(rc.cap_minor) as problem
    from referral_commissions rc
    where rc.state <> 'voided'
    group by rc.referred_id
    having sum(rc.amount_minor) > max(rc.cap_minor)
  `)) as unknown as { rows: Mismatch[] };
  return result.rows;
}

/**
 * Trading (§11.14): each live deal with a non-zero P/L has exactly one trade_pnl transfer of
 * |pnl| in the right direction (its own key), no demo deal has one, each negative balance
 * protection of a live account exactly one nbp transfer of its amount (none for demo), each swap
 * of a live account exactly one swap transfer of its amount in its direction (none for demo),
 * each correction of a close's P/L its reversal and posting (decision 136), and no flat live
 * trading account (no open position) has a negative balance.
 */
export async function findTradingMismatches(
  db: Db,
): Promise<{ subject: string; problem: string }[]> {
  type Mismatch = { subject: string; problem: string };
  const deals = (await db.execute(sql`
    select * from (select 'deal ' || d.id as subject,
      case
        when ta.kind = 'demo' and (d.transfer_id is not null or exists (select 1 from ledger_transfers x
          where x.actor = 'system:trading' and x.idempotency_key = d.key))
          then 'demo deal reached the ledger'
        when ta.kind = 'live' and d.pnl_minor <> 0 and (select count(*) from ledger_transfers x
          where x.actor = 'system:trading' and x.idempotency_key = d.key
          and x.kind = 'trade_pnl' and x.state = 'posted') <> 1
          then 'P/L without exactly one trade_pnl transfer'
        when ta.kind = 'live' and d.pnl_minor <> 0 and (t.id is null or t.kind <> 'trade_pnl'
          or t.amount_minor <> abs(d.pnl_minor)
          or (case when d.pnl_minor > 0 then t.credit_account_id else t.debit_account_id end)
            is distinct from la.id)
          then 'trade_pnl transfer differs from the deal''s P/L'
        when d.pnl_minor = 0 and d.transfer_id is not null
          then 'zero P/L with a transfer'
      end as problem
    from trading_deals d
    join trading_accounts ta on ta.id = d.account_id
    left join ledger_transfers t on t.id = d.transfer_id
    left join ledger_accounts la on la.code = 'client:' || ta.client_id || ':trading') checked
    where problem is not null
  `)) as unknown as { rows: Mismatch[] };
  const flat = (await db.execute(sql`
    select 'trading account ' || la.code as subject,
      'flat with balance ' || (la.credits_posted - la.debits_posted) as problem
    from ledger_accounts la
    join trading_accounts ta on la.code = 'client:' || ta.client_id || ':trading'
      and ta.kind = 'live' and ta.status = 'open'
    where la.credits_posted - la.debits_posted < 0
      and not exists (select 1 from trading_positions p
        where p.account_id = ta.id and p.status = 'open')
  `)) as unknown as { rows: Mismatch[] };
  // Each protection (§11.12): a live one has one posted nbp transfer of its amount into the
  // client's trading account, under its own key; a demo one none; every nbp transfer has one.
  const protections = (await db.execute(sql`
    select * from (select 'protection ' || pr.key as subject,
      case
        when ta.kind = 'demo' and pr.transfer_id is not null then 'demo protection reached the ledger'
        when ta.kind = 'live' and (t.id is null or t.kind <> 'nbp' or t.state <> 'posted'
          or t.amount_minor <> pr.amount_minor or t.idempotency_key <> pr.key
          or t.credit_account_id is distinct from la.id)
          then 'nbp transfer differs from the protection'
      end as problem
    from trading_protections pr
    join trading_accounts ta on ta.id = pr.account_id
    left join ledger_transfers t on t.id = pr.transfer_id
    left join ledger_accounts la on la.code = 'client:' || ta.client_id || ':trading') checked
    where problem is not null
    union all
    select 'transfer ' || x.id, 'nbp transfer without its protection'
    from ledger_transfers x
    where x.kind = 'nbp'
      and not exists (select 1 from trading_protections pr where pr.transfer_id = x.id)
  `)) as unknown as { rows: Mismatch[] };
  // Each swap (§11.13): a live one has one posted swap transfer of |amount| in its direction
  // (into the client's trading account for a credit, out of it for a charge), under its own key;
  // a demo one none; every swap transfer has one.
  const swaps = (await db.execute(sql`
    select * from (select 'swap ' || sw.key as subject,
      case
        when ta.kind = 'demo' and sw.transfer_id is not null then 'demo swap reached the ledger'
        when ta.kind = 'live' and (t.id is null or t.kind <> 'swap' or t.state <> 'posted'
          or t.amount_minor <> abs(sw.amount_minor) or t.idempotency_key <> sw.key
          or (case when sw.amount_minor > 0 then t.credit_account_id else t.debit_account_id end)
            is distinct from la.id)
          then 'swap transfer differs from the swap'
      end as problem
    from trading_swaps sw
    join trading_accounts ta on ta.id = sw.account_id
    left join ledger_transfers t on t.id = sw.transfer_id
    left join ledger_accounts la on la.code = 'client:' || ta.client_id || ':trading') checked
    where problem is not null
    union all
    select 'transfer ' || x.id, 'swap transfer without its swap'
    from ledger_transfers x
    where x.kind = 'swap'
      and not exists (select 1 from trading_swaps sw where sw.transfer_id = x.id)
  `)) as unknown as { rows: Mismatch[] };
  // Each correction of a close's P/L (decision 136): a live one has a posted trade_pnl transfer
  // reversing the old P/L (none when it was 0) and one posting the new (none when 0), each of its
  // amount in its direction; a demo one none.
  const adjustments = (await db.execute(sql`
    select * from (select 'deal correction ' || a.id as subject,
      case
        when ta.kind = 'demo' and (a.reversal_transfer_id is not null
          or a.posting_transfer_id is not null)
          then 'demo correction reached the ledger'
        when ta.kind = 'live' and ((a.old_pnl_minor = 0) <> (r.id is null)
          or (a.new_pnl_minor = 0) <> (p.id is null))
          then 'correction without its reversal or posting'
        when ta.kind = 'live' and r.id is not null and (r.kind <> 'trade_pnl'
          or r.state <> 'posted' or r.amount_minor <> abs(a.old_pnl_minor)
          or (case when a.old_pnl_minor > 0 then r.debit_account_id else r.credit_account_id end)
            is distinct from la.id)
          then 'reversal differs from the old P/L'
        when ta.kind = 'live' and p.id is not null and (p.kind <> 'trade_pnl'
          or p.state <> 'posted' or p.amount_minor <> abs(a.new_pnl_minor)
          or (case when a.new_pnl_minor > 0 then p.credit_account_id else p.debit_account_id end)
            is distinct from la.id)
          then 'posting differs from the new P/L'
      end as problem
    from trading_deal_adjustments a
    join trading_accounts ta on ta.id = a.account_id
    left join ledger_transfers r on r.id = a.reversal_transfer_id
    left join ledger_transfers p on p.id = a.posting_transfer_id
    left join ledger_accounts la on la.code = 'client:' || ta.client_id || ':trading') checked
    where problem is not null
  `)) as unknown as { rows: Mismatch[] };
  return [...deals.rows, ...flat.rows, ...protections.rows, ...swaps.rows, ...adjustments.rows];
}
