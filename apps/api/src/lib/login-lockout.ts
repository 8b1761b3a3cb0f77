// docs/product.md §7 lock-out: 10 failed logins for one e-mail (existing or not) within 15 minutes
// → 429 for 15 minutes, doubling on repeat; a password reset lifts it.
// The interface is what the client service relies on; the store behind it is in-process or
// Redis (several API instances). See docs/decisions/060-lockout-and-shared-limits.md.
import { createHash } from 'node:crypto';
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type { AttemptStore } from '../../lib/attempt-store.js';
import type { Clock } from '../../lib/clock.js';

export interface LoginLockout {
  /** Throws AppError('LOCKED_OUT') (429, with retry-after) while the e-mail is locked. */
  assertNotLocked(email: string): Promise<void>;
  /** A wrong password (or unknown e-mail); may start a lock. */
  recordFailure(email: string): Promise<void>;
  /** A successful login clears the failure count (not an earned lock's doubling). */
  recordSuccess(email: string): Promise<void>;
  /** A completed password reset lifts any lock and forgets the history. */
  clear(email: string): Promise<void>;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const LOCKOUT_RULE = Object.freeze({
  /** Failures within `windowMs` (counted from the first) that start a lock. */
  maxFailures: 10,
  windowMs: 15 * MINUTE_MS,
  /** The first lock; each further one doubles, up to `maxLockMs`. */
  firstLockMs: 15 * MINUTE_MS,
  maxLockMs: 24 * HOUR_MS,
  /** How long after a lock ends it still counts as "repeat" for the next one. */
  memoryMs: 24 * HOUR_MS,
});

/** Lock length for the n-th lock in a row (1-based): 15 min, 30 min, 1 h, … at most 24 h. */
export function lockDurationMs(level: number): number {
  const exponent = Math.min(Math.max(level, 1) - 1, 16);
  return Math.min(LOCKOUT_RULE.firstLockMs * 2 ** exponent, LOCKOUT_RULE.maxLockMs);
}

/** The store never sees an address: keys are the SHA-256 of the trimmed, lower-cased e-mail. */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Two counters per e-mail hash:
 * - `lockout:fail:<hash>` counts failures in a 15-minute window that starts with the first;
 * - `lockout:lock:<hash>` counts the locks earned (the doubling level) and expires `memoryMs`
 *   after the current lock ends, so the e-mail is locked while more than `memoryMs` is left.
 * The lock starts on exactly the 10th failure, so two instances racing past it start one lock.
 */
export function makeLoginLockout({
  store,
  clock,
}: {
  store: AttemptStore;
  clock: Clock;
}): LoginLockout {
  const keys = (email: string) => {
    const hash = emailKey(email);
    return { fail: `lockout:fail:${hash}`, lock: `lockout:lock:${hash}` };
  };

  return {
    async assertNotLocked(email) {
      const { ttlMs } = await store.get(keys(email).lock, clock.now());
      const lockedForMs = ttlMs - LOCKOUT_RULE.memoryMs;
      if (lockedForMs > 0) {
        throw new AppError('LOCKED_OUT', MESSAGES.lockout.locked, undefined, {
          retryAfterSeconds: Math.ceil(lockedForMs / 1000),
        });
      }
    },

    async recordFailure(email) {
      const { fail, lock } = keys(email);
      const now = clock.now();
      const { count } = await store.increment(fail, LOCKOUT_RULE.windowMs, now);
      if (count !== LOCKOUT_RULE.maxFailures) return;
      const level = (await store.get(lock, now)).count + 1;
      await store.increment(lock, lockDurationMs(level) + LOCKOUT_RULE.memoryMs, now, {
        slide: true,
      });
      await store.reset(fail);
    },

    async recordSuccess(email) {
      await store.reset(keys(email).fail);
    },

    async clear(email) {
      const { fail, lock } = keys(email);
      await store.reset(fail, lock);
    },
  };
}
