// The AttemptStore in Redis, so several API instances count the same failures (REDIS_URL).
// A key is a hash {count, expires}: `expires` is computed from the caller's clock, like the
// memory store, and the key's own TTL only collects the garbage. One Lua script reads, counts
// and sets the expiry atomically. Every key starts with `bd:` and never holds an e-mail address
// (callers pass hashes or ids).
import { Redis } from 'ioredis';
import { makeFallbackAttemptStore, makeMemoryAttemptStore, NO_ATTEMPTS } from './attempt-store.js';
import type { AttemptStore } from './attempt-store.js';

export const REDIS_KEY_PREFIX = 'bd:';

/** Commands fail at once while the connection is down (no offline queue), and within 500 ms. */
const COMMAND_TIMEOUT_MS = 500;
/** How long start-up waits for the first connection before going on without it. */
export const READY_WAIT_MS = 2_000;
/** A down Redis is reported at most this often, not on every retry. */
const WARN_EVERY_MS = 60_000;

const INCREMENT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local fields = redis.call('HMGET', KEYS[1], 'count', 'expires')
local count = tonumber(fields[1])
local expires = tonumber(fields[2])
if count == nil or expires == nil or expires <= now then
  count = 0
  expires = now + window
end
count = count + 1
if ARGV[3] == '1' then expires = now + window end
redis.call('HSET', KEYS[1], 'count', count, 'expires', string.format('%.0f', expires))
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', math.max(expires - now, 1)))
return {count, expires - now}
`;

type ScriptedRedis = Redis & {
  bdAttemptIncrement(
    key: string,
    now: string,
    windowMs: string,
    slide: string,
  ): Promise<[number, number]>;
};

export interface RedisAttemptStoreOptions {
  redis: Redis;
  /** Default `bd:`; tests use a unique one per run. */
  prefix?: string;
}

/** Throws when Redis does; makeSharedAttemptStore adds the fallback. */
export function makeRedisAttemptStore({
  redis,
  prefix = REDIS_KEY_PREFIX,
}: RedisAttemptStoreOptions): AttemptStore {
  const scripted = redis as ScriptedRedis;
  if (typeof scripted.bdAttemptIncrement !== 'function') {
    redis.defineCommand('bdAttemptIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  }
  return {
    async get(key, now) {
      const [count, expires] = await redis.hmget(prefix + key, 'count', 'expires');
      const ttlMs = Number(expires) - now.getTime();
      if (count === null || expires === null || !(ttlMs > 0)) return NO_ATTEMPTS;
      return { count: Number(count), ttlMs };
    },
    async increment(key, windowMs, now, { slide = false } = {}) {
      const [count, ttlMs] = await scripted.bdAttemptIncrement(
        prefix + key,
        String(now.getTime()),
        String(Math.max(1, Math.ceil(windowMs))),
        slide ? '1' : '0',
      );
      return { count, ttlMs };
    },
    async reset(...keys) {
      if (keys.length > 0) await redis.del(...keys.map((key) => prefix + key));
    },
  };
}

export interface RedisLog {
  info(message: string): void;
  warn(object: { err: unknown }, message: string): void;
}

/** Says the first time, then at most once a minute, so an outage does not flood the log. */
function throttledWarn(log: RedisLog, message: string) {
  let lastAt = Number.NEGATIVE_INFINITY;
  return (error: unknown) => {
    const at = Date.now();
    if (at - lastAt < WARN_EVERY_MS) return;
    lastAt = at;
    log.warn({ err: error }, message);
  };
}

/**
 * A client that never queues commands while disconnected and never throws from its events:
 * a Redis outage makes calls fail fast (and the shared store fall back), it never crashes the
 * process. Waits up to 2 s for the first connection; without it the app starts anyway and the
 * client keeps reconnecting in the background.
 */
export async function connectRedis(
  url: string,
  log: RedisLog,
  readyWaitMs = READY_WAIT_MS,
): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const warn = throttledWarn(log, 'Redis unavailable; limits are counted per instance');
  let down = false;
  redis.on('error', (error: unknown) => {
    down = true;
    warn(error);
  });
  redis.on('ready', () => {
    if (down) log.info('Redis connection restored; limits are shared again');
    down = false;
  });
  const ready = await new Promise<boolean>((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, readyWaitMs);
    redis.once('ready', onReady);
  });
  if (!ready) warn(new Error(`no connection to Redis within ${readyWaitMs} ms`));
  return redis;
}

/** QUIT when connected (pending replies arrive first), otherwise just drop the socket. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // fall through
    }
  }
  redis.disconnect();
}

export interface SharedAttemptStore {
  store: AttemptStore;
  close(): Promise<void>;
}

/**
 * The app's one AttemptStore: process memory without REDIS_URL; with it, Redis, falling back to
 * process memory for any call Redis cannot answer (docs/decisions/060).
 */
export async function openSharedAttemptStore({
  redisUrl,
  prefix = REDIS_KEY_PREFIX,
  log,
  readyWaitMs,
}: {
  redisUrl: string | undefined;
  prefix?: string;
  log: RedisLog;
  readyWaitMs?: number;
}): Promise<SharedAttemptStore> {
  if (!redisUrl) return { store: makeMemoryAttemptStore(), close: async () => undefined };
  const redis = await connectRedis(redisUrl, log, readyWaitMs);
  const store = makeFallbackAttemptStore({
    primary: makeRedisAttemptStore({ redis, prefix }),
    fallback: makeMemoryAttemptStore(),
    onError: throttledWarn(log, 'Redis call failed; counted in this instance instead'),
  });
  return { store, close: () => closeRedis(redis) };
}
