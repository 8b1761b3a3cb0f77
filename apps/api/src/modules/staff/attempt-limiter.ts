// Counts failures per key in a fixed window (e.g. wrong TOTP codes per staff member) and refuses
// further attempts once the limit is reached. The counts live in an AttemptStore: process memory
// today; a Redis store with the same three calls (INCR + PEXPIRE, GET, DEL) can replace it when
// several instances share the load.
import { AppError } from '@brokerdesk/shared';
import type { Clock } from '../../lib/clock.js';

export interface AttemptStore {
  /** Failures recorded for `key` in its current window (0 when none or expired). */
  count(key: string, now: Date): Promise<number>;
  /** Adds a failure; the first one of a window starts it, lasting `windowMs`. Returns the count. */
  increment(key: string, windowMs: number, now: Date): Promise<number>;
  reset(key: string): Promise<void>;
}

/** A Map with an expiry per key; expired entries are dropped when met and swept when it grows. */
export function makeMemoryAttemptStore({ sweepAbove = 10_000 } = {}): AttemptStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string, now: Date) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now.getTime()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key, now) {
      return live(key, now)?.count ?? 0;
    },
    async increment(key, windowMs, now) {
      const entry = live(key, now);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      if (entries.size >= sweepAbove) {
        for (const [other, value] of entries)
          if (value.expiresAt <= now.getTime()) entries.delete(other);
      }
      entries.set(key, { count: 1, expiresAt: now.getTime() + windowMs });
      return 1;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export interface AttemptLimiterOptions {
  store: AttemptStore;
  clock: Clock;
  /** Failures allowed per window; the next attempt is refused. */
  max: number;
  windowMs: number;
  message: string;
}

export function makeAttemptLimiter({
  store,
  clock,
  max,
  windowMs,
  message,
}: AttemptLimiterOptions) {
  return {
    /** Throws 429 RATE_LIMITED when `key` has used up its failures for the window. */
    async assertAllowed(key: string): Promise<void> {
      if ((await store.count(key, clock.now())) >= max) throw new AppError('RATE_LIMITED', message);
    },
    async recordFailure(key: string): Promise<void> {
      await store.increment(key, windowMs, clock.now());
    },
    async reset(key: string): Promise<void> {
      await store.reset(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof makeAttemptLimiter>;
