// Statement rows as callers see them: the portal's shape (cents, ids), the seed's dashboard
// shape (dollars, labels) and CSV. Pure functions, no database.
import {
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  centsToDollars,
} from '@brokerdesk/shared';
import type {
  DashboardTransaction,
  PaymentMethodId,
  Transaction,
  TransactionEnteredBy,
  TransactionWithTimeline,
} from '@brokerdesk/shared';
import { csvLine, plainDollars } from '../../lib/csv.js';
import type { StatementRow, TransactionEventRow } from './money.repo.js';

/** The date a row is shown under: the business date staff gave it, else when it was created. */
function shownDate(row: StatementRow): Date {
  return row.businessDate ?? row.createdAt;
}

/** 'staff' for a row staff entered (a posting, a recorded transaction, a reversal). */
export function enteredBy(createdBy: string): TransactionEnteredBy {
  if (createdBy.startsWith('staff:')) return 'staff';
  if (createdBy.startsWith('client:')) return 'client';
  return 'system';
}

export function toTransaction(row: StatementRow): Transaction {
  return {
    id: row.id,
    date: shownDate(row).toISOString(),
    type: row.type,
    direction: row.direction,
    amountMinor: row.amountMinor,
    feeMinor: row.feeMinor,
    status: row.status,
    method: (row.method as PaymentMethodId | null) ?? null,
    destination: row.destination,
    reason: row.reason,
    needsDocuments: row.needsDocuments,
    enteredBy: enteredBy(row.createdBy),
  };
}

export function toTransactionWithTimeline(
  row: StatementRow,
  events: readonly TransactionEventRow[],
): TransactionWithTimeline {
  return {
    ...toTransaction(row),
    events: events.map((event) => ({
      kind: event.kind,
      at: event.createdAt.toISOString(),
      reason: event.reason,
    })),
  };
}

/** The seed's `userInfo.transactions` entry: dollars and display labels. */
export function toDashboardTransaction(row: StatementRow): DashboardTransaction {
  return {
    _id: row.id,
    date: shownDate(row).toISOString(),
    type: TRANSACTION_TYPE_LABELS[row.type],
    amount: centsToDollars(row.amountMinor),
    status: TRANSACTION_STATUS_LABELS[row.status],
  };
}

export const CSV_HEADER = [
  'Date',
  'Type',
  'Direction',
  'Amount (USD)',
  'Fee (USD)',
  'Status',
  'Method',
  'Destination',
  'Reason',
  'Id',
  'Entered by',
] as const;

export function toCsvLine(row: StatementRow): string {
  return csvLine([
    shownDate(row).toISOString(),
    TRANSACTION_TYPE_LABELS[row.type],
    row.direction,
    plainDollars(row.amountMinor),
    plainDollars(row.feeMinor),
    TRANSACTION_STATUS_LABELS[row.status],
    row.method ?? '',
    row.destination ?? '',
    row.reason ?? '',
    row.id,
    enteredBy(row.createdBy),
  ]);
}
