// The Redis the tests may use: TEST_REDIS_URL or REDIS_URL when set (then it must answer), else
// a local one on 127.0.0.1:6379 if it answers. Tests that need it skip, saying why, without it.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export interface TestRedis {
  /** The URL to use, or null when none answered. */
  url: string | null;
  /** Why the Redis tests are skipped (empty when they run). */
  skipReason: string;
}

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export async function findTestRedis(): Promise<TestRedis> {
  const configured = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  if (configured) {
    if (!(await answers(configured))) throw new Error('TEST_REDIS_URL/REDIS_URL does not answer');
    return { url: configured, skipReason: '' };
  }
  if (await answers(LOCAL_REDIS_URL)) return { url: LOCAL_REDIS_URL, skipReason: '' };
  return {
    url: null,
    skipReason: `skipped: no Redis at ${LOCAL_REDIS_URL} (set TEST_REDIS_URL to run)`,
  };
}

/** A key prefix no other test or run uses. */
export function uniqueRedisPrefix(): string {
  return `bd-test:${randomUUID()}:`;
}

/** Deletes every key under `prefix` (tests clean up after themselves). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true });
  redis.on('error', () => undefined);
  await redis.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await redis.quit();
  }
}
