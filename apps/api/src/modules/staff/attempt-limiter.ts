// Counts failures per key in a fixed window (e.g. wrong TOTP codes per staff member) and refuses
// further attempts once the limit is reached. The counts live in the app's AttemptStore
// (lib/attempt-store.ts): process memory, or Redis when several instances share the load, so a
// guesser cannot multiply the allowance by spreading attempts over instances.
import { AppError } from '@brokerdesk/shared';
import type { AttemptStore } from '../../lib/attempt-store.js';
import type { Clock } from '../../lib/clock.js';

export interface AttemptLimiterOptions {
  store: AttemptStore;
  clock: Clock;
  /** Keeps this limiter's keys apart from others in a shared store (e.g. 'totp'). */
  name: string;
  /** Failures allowed per window; the next attempt is refused. */
  max: number;
  windowMs: number;
  message: string;
}

export function makeAttemptLimiter({
  store,
  clock,
  name,
  max,
  windowMs,
  message,
}: AttemptLimiterOptions) {
  const storeKey = (key: string) => `${name}:${key}`;
  return {
    /** Throws 429 RATE_LIMITED (with retry-after) when `key` has used up its failures. */
    async assertAllowed(key: string): Promise<void> {
      const { count, ttlMs } = await store.get(storeKey(key), clock.now());
      if (count >= max) {
        throw new AppError('RATE_LIMITED', message, undefined, {
          retryAfterSeconds: Math.ceil(ttlMs / 1000),
        });
      }
    },
    async recordFailure(key: string): Promise<void> {
      await store.increment(storeKey(key), windowMs, clock.now());
    },
    async reset(key: string): Promise<void> {
      await store.reset(storeKey(key));
    },
  };
}

export type AttemptLimiter = ReturnType<typeof makeAttemptLimiter>;
