import { describe, expect, it } from 'vitest';
import { makeMemoryAttemptStore } from '../../lib/attempt-store.js';
import { makeAttemptLimiter } from './attempt-limiter.js';

function setUp(max = 3, windowMs = 60_000) {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const clock = { now: () => new Date(now) };
  const store = makeMemoryAttemptStore({ maxEntries: 100 });
  const limiter = makeAttemptLimiter({
    store,
    clock,
    name: 'test',
    max,
    windowMs,
    message: 'Slow down',
  });
  return { limiter, store, clock, advance: (ms: number) => (now += ms) };
}

describe('attempt limiter', () => {
  it('refuses with 429 RATE_LIMITED once a key has used up its failures, per key', async () => {
    const { limiter } = setUp();
    for (let i = 0; i < 3; i += 1) {
      await limiter.assertAllowed('a');
      await limiter.recordFailure('a');
    }
    await expect(limiter.assertAllowed('a')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Slow down',
      retryAfterSeconds: 60,
    });
    await expect(limiter.assertAllowed('b')).resolves.toBeUndefined();
  });

  it('allows again when the window that began with the first failure ends', async () => {
    const { limiter, advance } = setUp();
    await limiter.recordFailure('a');
    advance(59_000);
    await limiter.recordFailure('a');
    await limiter.recordFailure('a');
    await expect(limiter.assertAllowed('a')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    advance(1_000);
    await expect(limiter.assertAllowed('a')).resolves.toBeUndefined();
  });

  it('forgets a key on reset', async () => {
    const { limiter } = setUp(1);
    await limiter.recordFailure('a');
    await expect(limiter.assertAllowed('a')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await limiter.reset('a');
    await expect(limiter.assertAllowed('a')).resolves.toBeUndefined();
  });

  it('keeps its keys apart from other users of a shared store', async () => {
    const { limiter, store, clock } = setUp(1);
    await store.increment('a', 60_000, clock.now()); // another limiter's "a"
    await expect(limiter.assertAllowed('a')).resolves.toBeUndefined();
    await limiter.recordFailure('a');
    expect((await store.get('test:a', clock.now())).count).toBe(1);
  });
});
