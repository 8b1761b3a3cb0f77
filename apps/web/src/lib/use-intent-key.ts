import { useCallback, useRef } from 'react';
import { isRetryable, newIdempotencyKey } from './api-client';

/**
 * One idempotency key per user intent (a deposit of this amount by this method, this decision
 * on this request with this reason, this form payload…). `keyFor(intent)` returns the key of the
 * last attempt when it carried the same intent and got no definite answer (network failure,
 * 5xx), so a retry after a lost answer acts once; otherwise a new key.
 * Call `settle(error?)` when an answer arrives: a success or a 4xx closes the intent.
 * Only for event handlers (it reads a ref).
 */
export function useIntentKey() {
  const last = useRef<{ intent: string; key: string } | null>(null);

  const keyFor = useCallback((intent: string): string => {
    if (last.current?.intent === intent) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { intent, key };
    return key;
  }, []);

  const settle = useCallback((error?: unknown) => {
    if (error === undefined || !isRetryable(error)) last.current = null;
  }, []);

  return { keyFor, settle };
}
