// docs/product.md §7 lock-out: 10 failed logins for one account name (an e-mail for clients, a
// username for staff; existing or not) within 15 minutes → 429 for 15 minutes, doubling on
// repeat; a password reset (clients) or an accepted invitation (staff) lifts it.
// Clients and staff use the same rule through this one file, each under a key namespace of its
// own; the store behind it is in-process or Redis (several API instances). See
// docs/decisions/060-lockout-and-shared-limits.md and 111-staff-invitations-and-lockout.md.
import { createHash } from 'node:crypto';
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type { AttemptStore } from './attempt-store.js';
import type { Clock } from './clock.js';

export interface LoginLockout {
  /** Throws AppError('LOCKED_OUT') (429, with retry-after) while the name is locked. */
  assertNotLocked(name: string): Promise<void>;
  /** A wrong password or code (or an unknown name); may start a lock. */
  recordFailure(name: string): Promise<void>;
  /** A successful login clears the failure count (not an earned lock's doubling). */
  recordSuccess(name: string): Promise<void>;
  /** A completed password reset lifts any lock and forgets the history. */
  clear(name: string): Promise<void>;
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

/** The store never sees a name: keys are the SHA-256 of the trimmed, lower-cased name. */
function nameKey(name: string): string {
  return createHash('sha256').update(name.trim().toLowerCase()).digest('hex');
}

export interface LoginLockoutOptions {
  store: AttemptStore;
  clock: Clock;
  /** Keeps one kind of account's counts apart from another's: 'lockout' (clients), 'staff-lockout'. */
  namespace?: string;
  /** What a locked caller reads (the same for names with and without an account). */
  message?: string;
}

/**
 * Two counters per name hash:
 * - `<namespace>:fail:<hash>` counts failures in a 15-minute window that starts with the first;
 * - `<namespace>:lock:<hash>` counts the locks earned (the doubling level) and expires
 *   `memoryMs` after the current lock ends, so the name is locked while more than `memoryMs` is
 *   left.
 * The lock starts on exactly the 10th failure, so two instances racing past it start one lock.
 */
export function makeLoginLockout({
  store,
  clock,
  namespace = 'lockout',
  message = MESSAGES.lockout.locked,
}: LoginLockoutOptions): LoginLockout {
  const keys = (name: string) => {
    const hash = nameKey(name);
    return { fail: `${namespace}:fail:${hash}`, lock: `${namespace}:lock:${hash}` };
  };

  return {
    async assertNotLocked(name) {
      const { ttlMs } = await store.get(keys(name).lock, clock.now());
      const lockedForMs = ttlMs - LOCKOUT_RULE.memoryMs;
      if (lockedForMs > 0) {
        throw new AppError('LOCKED_OUT', message, undefined, {
          retryAfterSeconds: Math.ceil(lockedForMs / 1000),
        });
      }
    },

    async recordFailure(name) {
      const { fail, lock } = keys(name);
      const now = clock.now();
      const { count } = await store.increment(fail, LOCKOUT_RULE.windowMs, now);
      if (count !== LOCKOUT_RULE.maxFailures) return;
      const level = (await store.get(lock, now)).count + 1;
      await store.increment(lock, lockDurationMs(level) + LOCKOUT_RULE.memoryMs, now, {
        slide: true,
      });
      await store.reset(fail);
    },

    async recordSuccess(name) {
      await store.reset(keys(name).fail);
    },

    async clear(name) {
      const { fail, lock } = keys(name);
      await store.reset(fail, lock);
    },
  };
}
