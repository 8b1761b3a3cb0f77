// What every money use case shares: the idempotent database transaction it runs in, writing a
// statement line with its first timeline event, replaying a repeated creation, and reading a
// line back with its timeline.
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type { TransactionWithTimeline } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { inIdempotentTransaction } from '../../db/retry.js';
import type { TransactionEventValue, TransactionTypeValue } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import {
  findEventsOf,
  findTransactionByIdempotencyKey,
  insertEvent,
  insertTransaction,
  updateTransaction,
} from './money.repo.js';
import type { NewTransactionRow, TransactionRow } from './money.repo.js';
import { toTransactionWithTimeline } from './money.view.js';

const STATEMENT_IDEMPOTENCY_INDEX = 'client_transactions_idempotency_unique';
const EVENT_IDEMPOTENCY_INDEX = 'client_transaction_events_idempotency_unique';

export const requestNotFound = () => new AppError('NOT_FOUND', MESSAGES.money.requestNotFound);
export const clientNotFound = () => new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
export const keyReused = () =>
  new AppError('CONFLICT', 'This idempotency key was used for another request');

export type NewLine = Omit<NewTransactionRow, 'createdAt' | 'updatedAt'>;

export interface FirstEvent {
  kind: TransactionEventValue;
  actor: string;
  reason?: string | null;
}

/** A statement line and its first event, stamped with the same instant. */
async function insertLine(
  tx: Db,
  row: NewLine,
  event: FirstEvent,
  at: Date,
): Promise<TransactionRow> {
  const inserted = await insertTransaction(tx, { ...row, createdAt: at, updatedAt: at });
  await insertEvent(tx, { transactionId: inserted.id, createdAt: at, ...event });
  return inserted;
}

/**
 * A line another module's money movement shows on the client's statement (a plan's price or
 * bonus, completed; a referral commission, pending until released): written in the caller's
 * transaction, beside the ledger transfer it records.
 */
export function recordStatementLine(
  tx: Db,
  line: {
    clientId: string;
    type: TransactionTypeValue;
    direction: 'credit' | 'debit';
    amountMinor: number;
    transferId: string;
    relatedId?: string | null;
    subscriptionId?: string | null;
    /** Default completed; pending while its transfer is pending. */
    status?: 'completed' | 'pending';
    actor: string;
    at: Date;
  },
): Promise<TransactionRow> {
  const { actor, at, status = 'completed', ...row } = line;
  return insertLine(tx, { ...row, status, createdBy: actor }, { kind: 'recorded', actor }, at);
}

/**
 * Settles a pending line another module recorded, with its timeline event: completed when its
 * transfer is posted ('confirmed'), cancelled with the reason the client reads when voided.
 */
export async function settleStatementLine(
  tx: Db,
  id: string,
  outcome: { status: 'completed' | 'cancelled'; reason?: string | null; actor: string; at: Date },
): Promise<void> {
  const reason = outcome.reason ?? null;
  await updateTransaction(tx, id, {
    status: outcome.status,
    ...(outcome.status === 'cancelled' ? { reason } : {}),
    updatedAt: outcome.at,
  });
  await insertEvent(tx, {
    transactionId: id,
    kind: outcome.status === 'completed' ? 'confirmed' : 'cancelled',
    actor: outcome.actor,
    reason,
    createdAt: outcome.at,
  });
}

export function makeStatementLines({ db, clock }: { db: Db; clock: Clock }) {
  /** Runs `work` in one transaction, again if a racing twin with the same key won. */
  const idempotent = <T>(work: (tx: Db) => Promise<T>) =>
    inIdempotentTransaction(db, [STATEMENT_IDEMPOTENCY_INDEX, EVENT_IDEMPOTENCY_INDEX], work);

  async function withTimeline(handle: Db, row: TransactionRow): Promise<TransactionWithTimeline> {
    const events = await findEventsOf(handle, [row.id]);
    return toTransactionWithTimeline(row, events.get(row.id) ?? []);
  }

  /** A repeat of a creating request: the same row, or 409 if the key was used for another. */
  async function replayCreation(
    tx: Db,
    createdBy: string,
    idempotencyKey: string | undefined,
    matches: (row: TransactionRow) => boolean,
  ): Promise<TransactionWithTimeline | null> {
    if (!idempotencyKey) return null;
    const stored = await findTransactionByIdempotencyKey(tx, createdBy, idempotencyKey);
    if (!stored) return null;
    if (!matches(stored)) throw keyReused();
    return withTimeline(tx, stored);
  }

  function createLine(tx: Db, row: NewLine, event: FirstEvent): Promise<TransactionRow> {
    return insertLine(tx, row, event, clock.now());
  }

  return { idempotent, withTimeline, replayCreation, createLine };
}

export type StatementLines = ReturnType<typeof makeStatementLines>;
