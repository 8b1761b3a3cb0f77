// The ledger's invariants (docs/ledger.md "Invariants"), checked against the database as it is.
// `npm run ledger:check` prints them; tests assert checkLedger() is empty after every scenario.
import type { Db } from '../../db/client.js';
import {
  findAccountsWithWrongTotals,
  findBadReversals,
  findDuplicateIdempotencyKeys,
  findNegativeClientAccounts,
  findReferralCommissionMismatches,
  findStatementMismatches,
  findTradingMismatches,
  findWrongKindTotals,
  sumAccountTotals,
} from './ledger-check.repo.js';

export const LEDGER_INVARIANTS = [
  { id: 1, name: 'Σ debits = Σ credits (posted and pending)' },
  { id: 2, name: "every account's totals (by state and by kind) equal its transfers" },
  { id: 3, name: 'no client has a negative available balance' },
  { id: 4, name: 'reversals point at posted transfers, each reversed at most once' },
  { id: 5, name: 'idempotency keys are unique per actor' },
  { id: 6, name: "every statement row's status and amount agree with its transfers" },
  {
    id: 7,
    name: 'referral commissions agree with their transfers, stay within the cap and are paid no earlier than their release date',
  },
  {
    id: 8,
    name: 'each live deal with a P/L has one trade_pnl transfer of |pnl|, each correction of it a reversal and a posting, each protection one nbp transfer and each swap one swap transfer of its amount; no flat trading account is negative',
  },
] as const;

export type LedgerInvariantId = (typeof LEDGER_INVARIANTS)[number]['id'];

export interface LedgerBreach {
  invariant: LedgerInvariantId;
  message: string;
}

/** Every breach found; an empty list means the ledger is consistent. Read-only. */
export async function checkLedger(db: Db): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];

  const totals = await sumAccountTotals(db);
  if (totals.debitsPosted !== totals.creditsPosted) {
    breaches.push({
      invariant: 1,
      message: `posted debits ${totals.debitsPosted} ≠ posted credits ${totals.creditsPosted}`,
    });
  }
  if (totals.debitsPending !== totals.creditsPending) {
    breaches.push({
      invariant: 1,
      message: `pending debits ${totals.debitsPending} ≠ pending credits ${totals.creditsPending}`,
    });
  }

  for (const row of await findAccountsWithWrongTotals(db)) {
    breaches.push({
      invariant: 2,
      message:
        `${row.code}: totals (dp ${row.debitsPosted}, cp ${row.creditsPosted}, ` +
        `dh ${row.debitsPending}, ch ${row.creditsPending}) ≠ transfers ` +
        `(dp ${row.expectedDebitsPosted}, cp ${row.expectedCreditsPosted}, ` +
        `dh ${row.expectedDebitsPending}, ch ${row.expectedCreditsPending})`,
    });
  }

  for (const row of await findWrongKindTotals(db)) {
    breaches.push({
      invariant: 2,
      message: `account ${row.accountId}, kind ${row.kind}: total ${row.maintained} ≠ transfers ${row.expected}`,
    });
  }

  for (const row of await findNegativeClientAccounts(db)) {
    breaches.push({ invariant: 3, message: `${row.code}: available ${row.availableMinor}` });
  }

  const reversals = await findBadReversals(db);
  for (const row of reversals.notPosted) {
    breaches.push({
      invariant: 4,
      message: `reversal ${row.id} is ${row.state}; its original is ${row.originalState ?? 'missing'}`,
    });
  }
  for (const row of reversals.twice) {
    breaches.push({
      invariant: 4,
      message: `transfer ${row.originalId} is reversed ${row.count} times`,
    });
  }

  for (const row of await findDuplicateIdempotencyKeys(db)) {
    breaches.push({
      invariant: 5,
      message: `${row.actor} used idempotency key ${row.idempotencyKey} ${row.count} times`,
    });
  }

  for (const row of await findStatementMismatches(db)) {
    breaches.push({
      invariant: 6,
      message: `${row.type} ${row.id} (${row.status}): ${row.problem}`,
    });
  }

  for (const row of await findReferralCommissionMismatches(db)) {
    breaches.push({ invariant: 7, message: `${row.subject}: ${row.problem}` });
  }

  for (const row of await findTradingMismatches(db)) {
    breaches.push({ invariant: 8, message: `${row.subject}: ${row.problem}` });
  }

  return breaches;
}
