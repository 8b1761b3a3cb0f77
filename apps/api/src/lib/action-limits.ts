// Limits per account (or per e-mail address) on what a caller can make the API do, above all
// send mail, beside the per-IP limits of plugins/security.ts: an attacker with many addresses
// still gets only so many mails per account or inbox. Counted in the app's AttemptStore, so with
// REDIS_URL every instance counts together (decisions 060 and 112).
import { createHash } from 'node:crypto';
import { AppError } from '@brokerdesk/shared';
import type { AttemptStore } from './attempt-store.js';
import type { Clock } from './clock.js';

export interface ActionRule {
  /** Names the counter (`limit:<name>:…`); one per rule. */
  name: string;
  /** Actions allowed in a window; the next one is refused until the window ends. */
  max: number;
  /** The window starts with the first action and does not slide. */
  windowMs: number;
  /** What the caller reads with the 429. */
  message: string;
}

export interface ActionLimiter {
  /**
   * Counts one action of `subject` (a client id, an e-mail address) under `rule`; past `max`
   * throws 429 RATE_LIMITED with Retry-After for the rest of the window.
   */
  hit(rule: ActionRule, subject: string): Promise<void>;
}

/** The store never sees an address: subjects are kept as SHA-256 hashes. */
function subjectKey(subject: string): string {
  return createHash('sha256').update(subject.trim().toLowerCase()).digest('hex');
}

export function makeActionLimiter({
  store,
  clock,
}: {
  store: AttemptStore;
  clock: Clock;
}): ActionLimiter {
  return {
    async hit(rule, subject) {
      const key = `limit:${rule.name}:${subjectKey(subject)}`;
      const { count, ttlMs } = await store.increment(key, rule.windowMs, clock.now());
      if (count > rule.max) {
        throw new AppError('RATE_LIMITED', rule.message, undefined, {
          retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
        });
      }
    },
  };
}
