import { useCallback, useRef } from 'react';
import { isRetryable, newIdempotencyKey } from '../../../lib/api-client';

/**
 * One idempotency key per submission. `keyFor(payload)` gives a new key, except when the last
 * submission carried the same payload and got no definite answer (network failure, 5xx): then
 * the same key, so pressing the button again after a lost answer records the money once.
 * `settle(error?)` after each answer: a success or a 4xx closes the submission.
 */
export function useSubmissionKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);

  const keyFor = useCallback((payload: unknown): string => {
    const text = JSON.stringify(payload);
    if (last.current?.payload === text) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { payload: text, key };
    return key;
  }, []);

  const settle = useCallback((error?: unknown) => {
    if (error === undefined || !isRetryable(error)) last.current = null;
  }, []);

  return { keyFor, settle };
}
