import { useCallback, useRef } from 'react';
import { isRetryable, newIdempotencyKey } from '../../../lib/api-client';

/**
 * One idempotency key per staff intent (this decision on this request, with this reason).
 * `keyFor(intent)` returns the last attempt's key while the intent is the same and got no
 * definite answer (network failure, 5xx), so a retry after a lost answer acts once; otherwise a
 * new key. `settle(error?)`: a success or a 4xx closes the intent. Event handlers only.
 * (The portal's features/money has the same hook for clients' requests.)
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
