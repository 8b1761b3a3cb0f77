// Counters with an expiry, for the login lock-out, the staff TOTP limiter and the per-IP limits.
// In process memory by default; redis-attempt-store.ts keeps the same counts in Redis when several
// API instances share the load (REDIS_URL). Both take the time from the caller (`now`), so the
// injected clock moves their windows in tests, and both pass the same contract tests
// (attempt-store.test.ts).

export interface AttemptCount {
  /** Hits in the key's current window; 0 when there is none (never seen, reset or expired). */
  count: number;
  /** Milliseconds until the window ends; 0 when there is none. */
  ttlMs: number;
}

export interface IncrementOptions {
  /** Every hit restarts the window (default: the window starts with the first hit and stays). */
  slide?: boolean;
}

export interface AttemptStore {
  get(key: string, now: Date): Promise<AttemptCount>;
  /** Adds one hit; a key without a live window starts one of `windowMs`. */
  increment(
    key: string,
    windowMs: number,
    now: Date,
    options?: IncrementOptions,
  ): Promise<AttemptCount>;
  /** Forgets the keys. */
  reset(...keys: string[]): Promise<void>;
}

export const NO_ATTEMPTS: AttemptCount = Object.freeze({ count: 0, ttlMs: 0 });

export interface MemoryAttemptStoreOptions {
  /** At most this many keys: expired ones are swept first, then the oldest are dropped. */
  maxEntries?: number;
}

/**
 * A Map with an expiry per key. Expired entries are dropped when met and swept when the map is
 * full; if it is still full, the oldest entries go (an attacker spraying addresses can only push
 * out old counts, and the per-IP limit bounds how fast).
 */
export function makeMemoryAttemptStore({
  maxEntries = 100_000,
}: MemoryAttemptStoreOptions = {}): AttemptStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();

  const live = (key: string, at: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const makeRoom = (at: number) => {
    if (entries.size < maxEntries) return;
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key); // insertion order: the oldest first
    }
  };

  return {
    async get(key, now) {
      const at = now.getTime();
      const entry = live(key, at);
      return entry ? { count: entry.count, ttlMs: entry.expiresAt - at } : NO_ATTEMPTS;
    },
    async increment(key, windowMs, now, { slide = false } = {}) {
      const at = now.getTime();
      let entry = live(key, at);
      if (!entry) {
        makeRoom(at);
        entry = { count: 0, expiresAt: at + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      if (slide) entry.expiresAt = at + windowMs;
      return { count: entry.count, ttlMs: entry.expiresAt - at };
    },
    async reset(...keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

export interface FallbackAttemptStoreOptions {
  primary: AttemptStore;
  fallback: AttemptStore;
  /** Called when the primary fails (the caller decides how loudly to say so). */
  onError(error: unknown): void;
}

/**
 * Uses `primary` (Redis) and, for any call it fails, `fallback` (process memory): limits keep
 * working per instance while the shared store is away, and are shared again once it is back.
 * See docs/decisions/060-lockout-and-shared-limits.md.
 */
export function makeFallbackAttemptStore({
  primary,
  fallback,
  onError,
}: FallbackAttemptStoreOptions): AttemptStore {
  async function attempt<T>(call: (store: AttemptStore) => Promise<T>): Promise<T> {
    try {
      return await call(primary);
    } catch (error) {
      onError(error);
      return call(fallback);
    }
  }
  return {
    get: (key, now) => attempt((store) => store.get(key, now)),
    increment: (key, windowMs, now, options) =>
      attempt((store) => store.increment(key, windowMs, now, options)),
    reset: async (...keys) => {
      // Both, so a count kept in memory during an outage cannot outlive a reset.
      await Promise.all([fallback.reset(...keys), attempt((store) => store.reset(...keys))]);
    },
  };
}

/**
 * The same store with every key under `prefix`, so one rule (e.g. the current-password lock-out)
 * can reuse another's machinery without sharing its counts.
 */
export function prefixAttemptStore(store: AttemptStore, prefix: string): AttemptStore {
  return {
    get: (key, now) => store.get(`${prefix}${key}`, now),
    increment: (key, windowMs, now, options) =>
      store.increment(`${prefix}${key}`, windowMs, now, options),
    reset: (...keys) => store.reset(...keys.map((key) => `${prefix}${key}`)),
  };
}
