import type { Db } from './client.js';
import { isRetryableTransactionFailure, isUniqueViolation } from './errors.js';

const MAX_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, and again (at most three runs in all) when a racing request
 * with the same idempotency key won one of `idempotencyIndexes` — the next run finds and replays
 * the winner's result — or when PostgreSQL aborted it to break a deadlock or a serialisation
 * conflict. Nothing of a failed run was committed.
 */
export async function inIdempotentTransaction<T>(
  db: Db,
  idempotencyIndexes: readonly string[],
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const retryable =
        idempotencyIndexes.some((index) => isUniqueViolation(error, index)) ||
        isRetryableTransactionFailure(error);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
