// The shared store as the app opens it: Redis when it answers, process memory when it does not,
// and never a crash either way.
import { afterAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, findTestRedis, uniqueRedisPrefix } from '../test/redis.js';
import { openSharedAttemptStore } from './redis-attempt-store.js';
import type { RedisLog } from './redis-attempt-store.js';

const testRedis = await findTestRedis();

function captureLog() {
  const lines: string[] = [];
  const log: RedisLog = {
    info: (message) => lines.push(`info ${message}`),
    warn: (_object, message) => lines.push(`warn ${message}`),
  };
  return { log, lines };
}

describe('openSharedAttemptStore', () => {
  it('keeps counting in memory when Redis cannot be reached, and says so once', async () => {
    const { log, lines } = captureLog();
    const started = Date.now();
    const shared = await openSharedAttemptStore({
      redisUrl: 'redis://127.0.0.1:1', // nothing listens on port 1
      log,
      readyWaitMs: 200,
    });
    try {
      const now = new Date();
      expect((await shared.store.increment('k', 60_000, now)).count).toBe(1);
      expect((await shared.store.increment('k', 60_000, now)).count).toBe(2);
      expect((await shared.store.get('k', now)).count).toBe(2);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(lines.filter((line) => line.startsWith('warn')).length).toBeGreaterThanOrEqual(1);
      expect(lines.filter((line) => line.startsWith('warn')).length).toBeLessThanOrEqual(2);
    } finally {
      await shared.close();
    }
  });

  it('uses process memory without a REDIS_URL', async () => {
    const { log, lines } = captureLog();
    const shared = await openSharedAttemptStore({ redisUrl: undefined, log });
    expect((await shared.store.increment('k', 60_000, new Date())).count).toBe(1);
    await shared.close();
    expect(lines).toEqual([]);
  });

  describe.runIf(testRedis.url)(`with Redis ${testRedis.skipReason}`, () => {
    const url = testRedis.url ?? '';
    const prefix = uniqueRedisPrefix();
    afterAll(async () => {
      await deleteRedisKeys(url, prefix);
    });

    it('shares counts between two instances', async () => {
      const { log } = captureLog();
      const [one, two] = await Promise.all([
        openSharedAttemptStore({ redisUrl: url, prefix, log }),
        openSharedAttemptStore({ redisUrl: url, prefix, log }),
      ]);
      try {
        const now = new Date();
        await one.store.increment('shared', 60_000, now);
        expect((await two.store.increment('shared', 60_000, now)).count).toBe(2);
        await two.store.reset('shared');
        expect((await one.store.get('shared', now)).count).toBe(0);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });
});
