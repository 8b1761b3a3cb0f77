// Many posted system transfers in one statement (decision 131): the trading engine's stop-out
// storm posts a P/L or protection per account, each against the same platform account. One
// transfer per amount, as ever, but every row is locked once (in id order) and each account's
// maintained and kind totals move once by the sum of its transfers, instead of once per transfer.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlArray } from '../../db/prepared.js';
import type { LedgerTransferKind } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';

/** A posted transfer between accounts no posting balance-checks: trading or platform ones. */
export interface SystemPosting {
  debit: string;
  credit: string;
  amountMinor: number;
  kind: Exclude<LedgerTransferKind, 'reversal'>;
  idempotencyKey: string;
}

const PLATFORM = /^platform:[a-z]+$/;
const TRADING = /^client:(.+):trading$/;

/** Trading accounts and platform accounts have no client_id: no posting checks their balance. */
function isUncheckedCode(code: string): boolean {
  const trading = TRADING.exec(code)?.[1];
  return PLATFORM.test(code) || (trading !== undefined && isUuid(trading));
}

export function makeBatchPostings({ clock }: { clock: Clock }) {
  /**
   * Posts every transfer whose key the actor has not used yet, in the caller's transaction;
   * returns key → id of the transfers it made (a used key makes none: a replay). Only trading
   * and platform accounts, whose postings are never refused for funds, so one statement can
   * post them all. Missing accounts are created first.
   */
  async function createSystemTransfers(
    tx: Db,
    actor: string,
    postings: readonly SystemPosting[],
  ): Promise<Map<string, string>> {
    const made = new Map<string, string>();
    if (postings.length === 0) return made;
    for (const p of postings) {
      if (!isUncheckedCode(p.debit) || !isUncheckedCode(p.credit) || p.debit === p.credit) {
        throw new Error(`not a system posting: ${p.debit} → ${p.credit}`);
      }
      if (!Number.isSafeInteger(p.amountMinor) || p.amountMinor <= 0) {
        throw new Error(`invalid amount ${p.amountMinor} for ${p.idempotencyKey}`);
      }
    }
    const codes = [...new Set(postings.flatMap((p) => [p.debit, p.credit]))];
    await tx.execute(sql`insert into ledger_accounts (code, client_id)
      select code, null from unnest(${sqlArray(codes)}::text[]) as c(code)
      on conflict do nothing`);
    const column = <K extends keyof SystemPosting>(key: K) => postings.map((p) => String(p[key]));
    const { rows } = (await tx.execute(sql`
      with input as (
        select * from unnest(${sqlArray(column('debit'))}::text[], ${sqlArray(column('credit'))}::text[],
          ${sqlArray(column('amountMinor'))}::bigint[], ${sqlArray(column('kind'))}::text[],
          ${sqlArray(column('idempotencyKey'))}::text[]) with ordinality
          as i(debit_code, credit_code, amount, kind, key, n)),
      locked as (
        select id, code from ledger_accounts where code = any(${sqlArray(codes)}::text[])
        order by id for update),
      transfer as (
        insert into ledger_transfers (debit_account_id, credit_account_id, amount_minor, kind,
          state, idempotency_key, actor, created_at)
        select d.id, c.id, i.amount, i.kind, 'posted', i.key, ${actor}::text,
          ${clock.now().toISOString()}::timestamptz
        from input i join locked d on d.code = i.debit_code join locked c on c.code = i.credit_code
        order by i.n
        on conflict (actor, idempotency_key) do nothing
        returning id, idempotency_key, debit_account_id, credit_account_id, amount_minor, kind),
      side as (
        select debit_account_id as account_id, kind, amount_minor as debits, 0::bigint as credits
        from transfer
        union all
        select credit_account_id, kind, 0::bigint, amount_minor from transfer),
      account_totals as (
        update ledger_accounts a set debits_posted = a.debits_posted + s.debits,
          credits_posted = a.credits_posted + s.credits
        from (select account_id, sum(debits)::bigint as debits, sum(credits)::bigint as credits
          from side group by account_id) s
        where a.id = s.account_id),
      kind_totals as (
        insert into ledger_kind_totals (account_id, kind, net_posted_minor)
        select account_id, kind, sum(credits - debits)::bigint from side group by account_id, kind
        on conflict (account_id, kind) do update
          set net_posted_minor = ledger_kind_totals.net_posted_minor + excluded.net_posted_minor)
      select id, idempotency_key as key from transfer`)) as unknown as {
      rows: { id: string; key: string }[];
    };
    for (const row of rows) made.set(row.key, row.id);
    return made;
  }

  return { createSystemTransfers };
}
