// Two API instances sharing one Redis (REDIS_URL) count together: the per-IP limit, the login
// lock-out, and a lock lifted through another instance's store. Skipped, saying why, without a
// Redis server (see test/redis.ts).
import { MESSAGES, STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRedisAttemptStore } from '../lib/redis-attempt-store.js';
import { makeLoginLockout } from '../lib/login-lockout.js';
import { deleteRedisKeys, findTestRedis, uniqueRedisPrefix } from '../test/redis.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';

const testRedis = await findTestRedis();

describe.runIf(testRedis.url)(`limits shared through Redis ${testRedis.skipReason}`, () => {
  const url = testRedis.url ?? '';
  const prefix = uniqueRedisPrefix();
  let one: TestApp;
  let two: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    const options = {
      env: { REDIS_URL: url },
      redisKeyPrefix: prefix,
      authRateLimit: { max: 3, timeWindowMs: 60_000 },
    };
    [one, two] = await Promise.all([createTestApp(options), createTestApp(options)]);
    redis = new Redis(url);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close(), redis?.quit()]);
    await deleteRedisKeys(url, prefix);
  });

  const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email, password },
      remoteAddress,
    });

  it('counts requests to both instances against one per-IP limit', async () => {
    const address = '198.51.100.7';
    expect((await login(one, 'a@example.com', 'wrong', address)).statusCode).toBe(401);
    expect((await login(two, 'b@example.com', 'wrong', address)).statusCode).toBe(401);
    expect((await login(one, 'c@example.com', 'wrong', address)).statusCode).toBe(401);
    const blocked = await login(two, 'd@example.com', 'wrong', address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(one, 'e@example.com', 'wrong', '198.51.100.8')).statusCode).toBe(401);
    const keys = await redis.keys(`${prefix}rl:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('@');
  });

  it('locks an e-mail after 10 failures spread over both, and a clear anywhere lifts it', async () => {
    const client = await one.createClient();
    // Each failure from its own address, so the per-IP limit of this suite stays out of the way.
    for (let i = 0; i < 10; i += 1) {
      const response = await login(i % 2 ? one : two, client.email, 'wrong', `203.0.113.${i}`);
      expect(response.statusCode).toBe(401);
    }
    for (const t of [one, two]) {
      const locked = await login(t, client.email, client.password, '203.0.113.100');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ message: MESSAGES.lockout.locked, code: 'LOCKED_OUT' });
      expect(locked.headers['retry-after']).toBe('900');
    }
    const keys = await redis.keys(`${prefix}lockout:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(client.email.split('@')[0] ?? '@');

    // What a password reset does, from a third "instance".
    const lockout = makeLoginLockout({
      store: makeRedisAttemptStore({ redis, prefix }),
      clock: { now: () => new Date() },
    });
    await lockout.clear(client.email);
    // The account lives in the first instance's test database; the lock-out is shared.
    expect((await login(one, client.email, client.password, '203.0.113.101')).statusCode).toBe(200);
  });

  // Issue 17, finding 2: staff usernames lock by the same rule, counted in Redis too.
  it('locks a staff username after 10 failures spread over both instances, unknown names alike', async () => {
    const staffLogin = (t: TestApp, username: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/adminLogin/adminLogin',
        payload: { username, password: 'wrong-password-123' },
        remoteAddress,
      });
    // Each attempt from its own address, so the per-IP limit of this suite stays out of the way.
    let address = 20;
    for (const username of ['admin', 'nobody-here']) {
      for (let i = 0; i < 10; i += 1) {
        const response = await staffLogin(i % 2 ? one : two, username, `203.0.113.${address++}`);
        expect(response.statusCode).toBe(401);
      }
      for (const t of [one, two]) {
        const locked = await staffLogin(t, username, `203.0.113.${address++}`);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toEqual({
          message: STAFF_ACCOUNT_MESSAGES.staffLocked,
          code: 'LOCKED_OUT',
        });
      }
    }
    const keys = await redis.keys(`${prefix}staff-lockout:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('admin');
  });
});
