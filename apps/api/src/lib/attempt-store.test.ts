// One contract, two stores: process memory and Redis (when one answers; see test/redis.ts).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, findTestRedis, uniqueRedisPrefix } from '../test/redis.js';
import { makeFallbackAttemptStore, makeMemoryAttemptStore, NO_ATTEMPTS } from './attempt-store.js';
import type { AttemptStore } from './attempt-store.js';
import { makeRedisAttemptStore } from './redis-attempt-store.js';

const testRedis = await findTestRedis();
const T0 = Date.parse('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

function contract(makeStore: () => AttemptStore) {
  let store: AttemptStore;
  beforeAll(() => {
    store = makeStore();
  });

  it('counts hits in a window that starts with the first and reports the time left', async () => {
    expect(await store.get('a', at(0))).toEqual(NO_ATTEMPTS);
    expect(await store.increment('a', 60_000, at(0))).toEqual({ count: 1, ttlMs: 60_000 });
    expect(await store.increment('a', 60_000, at(10_000))).toEqual({ count: 2, ttlMs: 50_000 });
    expect(await store.get('a', at(20_000))).toEqual({ count: 2, ttlMs: 40_000 });
  });

  it('forgets a count when its window ends, on the clock it is given', async () => {
    await store.increment('b', 60_000, at(0));
    expect(await store.get('b', at(59_999))).toEqual({ count: 1, ttlMs: 1 });
    expect(await store.get('b', at(60_000))).toEqual(NO_ATTEMPTS);
    expect(await store.increment('b', 60_000, at(60_000))).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it('restarts the window on every hit when sliding', async () => {
    await store.increment('c', 60_000, at(0), { slide: true });
    expect(await store.increment('c', 60_000, at(50_000), { slide: true })).toEqual({
      count: 2,
      ttlMs: 60_000,
    });
    expect(await store.get('c', at(100_000))).toEqual({ count: 2, ttlMs: 10_000 });
  });

  it('keeps keys apart and resets several at once', async () => {
    await store.increment('d1', 60_000, at(0));
    await store.increment('d2', 60_000, at(0));
    await store.increment('d3', 60_000, at(0));
    await store.reset('d1', 'd2');
    expect(await store.get('d1', at(1))).toEqual(NO_ATTEMPTS);
    expect(await store.get('d2', at(1))).toEqual(NO_ATTEMPTS);
    expect((await store.get('d3', at(1))).count).toBe(1);
    await expect(store.reset()).resolves.toBeUndefined();
  });

  it('counts every one of many concurrent hits', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => store.increment('e', 60_000, at(0))),
    );
    expect(results.map((result) => result.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });
}

describe('memory attempt store', () => {
  contract(() => makeMemoryAttemptStore());

  it('holds at most maxEntries keys, dropping expired ones first, then the oldest', async () => {
    const store = makeMemoryAttemptStore({ maxEntries: 3 });
    await store.increment('short', 1_000, at(0));
    await store.increment('old', 60_000, at(0));
    await store.increment('mid', 60_000, at(0));
    await store.increment('new', 60_000, at(2_000)); // full: 'short' has expired and goes
    expect((await store.get('old', at(2_000))).count).toBe(1);
    await store.increment('newer', 60_000, at(3_000)); // full, none expired: 'old' goes
    expect(await store.get('old', at(3_000))).toEqual(NO_ATTEMPTS);
    expect((await store.get('mid', at(3_000))).count).toBe(1);
    expect((await store.get('newer', at(3_000))).count).toBe(1);
  });
});

describe.runIf(testRedis.url)(`redis attempt store ${testRedis.skipReason}`, () => {
  const url = testRedis.url ?? '';
  const prefix = uniqueRedisPrefix();
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    await redis?.quit();
    await deleteRedisKeys(url, prefix);
  });

  contract(() => makeRedisAttemptStore({ redis, prefix }));

  it('writes its keys under the prefix, with a TTL that collects them', async () => {
    const store = makeRedisAttemptStore({ redis, prefix });
    await store.increment('ttl', 60_000, new Date());
    const ttl = await redis.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('fallback attempt store', () => {
  it('answers from memory while the primary fails, and from the primary again after', async () => {
    const primary = makeMemoryAttemptStore();
    let failing = true;
    const errors: unknown[] = [];
    const flaky: AttemptStore = {
      get: (...args) => (failing ? Promise.reject(new Error('down')) : primary.get(...args)),
      increment: (...args) =>
        failing ? Promise.reject(new Error('down')) : primary.increment(...args),
      reset: (...keys) => (failing ? Promise.reject(new Error('down')) : primary.reset(...keys)),
    };
    const store = makeFallbackAttemptStore({
      primary: flaky,
      fallback: makeMemoryAttemptStore(),
      onError: (error) => errors.push(error),
    });

    expect((await store.increment('k', 60_000, at(0))).count).toBe(1);
    expect((await store.increment('k', 60_000, at(0))).count).toBe(2);
    expect((await store.get('k', at(0))).count).toBe(2);
    expect(errors).toHaveLength(3);

    failing = false;
    expect((await store.increment('k', 60_000, at(0))).count).toBe(1); // the shared count
    await store.reset('k');
    failing = true;
    expect(await store.get('k', at(0))).toEqual(NO_ATTEMPTS); // the reset reached memory too
  });
});
