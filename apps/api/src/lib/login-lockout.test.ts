import { MESSAGES, STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import { describe, expect, it } from 'vitest';
import { makeMemoryAttemptStore } from './attempt-store.js';
import { LOCKOUT_RULE, lockDurationMs, makeLoginLockout } from './login-lockout.js';

const MINUTE = 60_000;

function setUp() {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const clock = { now: () => new Date(now) };
  const store = makeMemoryAttemptStore();
  const lockout = makeLoginLockout({ store, clock });
  const fail = async (email: string, times: number) => {
    for (let i = 0; i < times; i += 1) await lockout.recordFailure(email);
  };
  return { lockout, store, fail, advance: (ms: number) => (now += ms) };
}

/** The retry-after the lock-out would send now, or null when not locked. */
async function retryAfter(lockout: ReturnType<typeof makeLoginLockout>, email: string) {
  try {
    await lockout.assertNotLocked(email);
    return null;
  } catch (error) {
    expect(error).toMatchObject({
      code: 'LOCKED_OUT',
      status: 429,
      message: MESSAGES.lockout.locked,
    });
    return (error as { retryAfterSeconds: number }).retryAfterSeconds;
  }
}

describe('login lock-out', () => {
  it('locks on the 10th failure within 15 minutes, for 15 minutes', async () => {
    const { lockout, fail, advance } = setUp();
    await fail('a@example.com', 9);
    expect(await retryAfter(lockout, 'a@example.com')).toBeNull();
    await fail('a@example.com', 1);
    expect(await retryAfter(lockout, 'a@example.com')).toBe(15 * 60);
    advance(15 * MINUTE - 1_000);
    expect(await retryAfter(lockout, 'a@example.com')).toBe(1);
    advance(1_000);
    expect(await retryAfter(lockout, 'a@example.com')).toBeNull();
  });

  it('does not lock when the failures are spread over more than the window', async () => {
    const { lockout, fail, advance } = setUp();
    await fail('a@example.com', 9);
    advance(LOCKOUT_RULE.windowMs);
    await fail('a@example.com', 9);
    expect(await retryAfter(lockout, 'a@example.com')).toBeNull();
  });

  it('doubles each lock that follows within a day of the last one, up to 24 hours', async () => {
    const { lockout, fail, advance } = setUp();
    const seen: number[] = [];
    for (let lock = 1; lock <= 9; lock += 1) {
      await fail('a@example.com', 10);
      const seconds = (await retryAfter(lockout, 'a@example.com')) ?? 0;
      seen.push(seconds / 60);
      advance(seconds * 1000);
    }
    expect(seen).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
    expect(lockDurationMs(50)).toBe(LOCKOUT_RULE.maxLockMs);
  });

  it('forgets the repeat a day after the last lock ended', async () => {
    const { lockout, fail, advance } = setUp();
    await fail('a@example.com', 10);
    advance(15 * MINUTE + LOCKOUT_RULE.memoryMs);
    await fail('a@example.com', 10);
    expect(await retryAfter(lockout, 'a@example.com')).toBe(15 * 60);
  });

  it('keeps the doubling across a successful login, which only clears the count', async () => {
    const { lockout, fail, advance } = setUp();
    await fail('a@example.com', 10);
    advance(15 * MINUTE);
    await fail('a@example.com', 9);
    await lockout.recordSuccess('a@example.com');
    await fail('a@example.com', 9);
    expect(await retryAfter(lockout, 'a@example.com')).toBeNull();
    await fail('a@example.com', 1);
    expect(await retryAfter(lockout, 'a@example.com')).toBe(30 * 60);
  });

  it('lifts the lock and forgets the history on clear (a password reset)', async () => {
    const { lockout, fail } = setUp();
    await fail('a@example.com', 10);
    await lockout.clear('a@example.com');
    expect(await retryAfter(lockout, 'a@example.com')).toBeNull();
    await fail('a@example.com', 10);
    expect(await retryAfter(lockout, 'a@example.com')).toBe(15 * 60); // not 30: forgotten
  });

  it('counts one e-mail in any case and keeps other e-mails apart', async () => {
    const { lockout, fail } = setUp();
    await fail('A@Example.com', 5);
    await fail(' a@example.com', 5);
    expect(await retryAfter(lockout, 'a@EXAMPLE.com')).toBe(15 * 60);
    expect(await retryAfter(lockout, 'b@example.com')).toBeNull();
  });

  it('keys the store by a hash, never the address', async () => {
    const keys: string[] = [];
    const store = makeMemoryAttemptStore();
    const spying = {
      get: (key: string, now: Date) => (keys.push(key), store.get(key, now)),
      increment: (key: string, windowMs: number, now: Date) => (
        keys.push(key),
        store.increment(key, windowMs, now)
      ),
      reset: (...list: string[]) => (keys.push(...list), store.reset(...list)),
    };
    const lockout = makeLoginLockout({ store: spying, clock: { now: () => new Date() } });
    for (let i = 0; i < 10; i += 1) await lockout.recordFailure('secret.person@example.com');
    await lockout.assertNotLocked('secret.person@example.com').catch(() => undefined);
    await lockout.clear('secret.person@example.com');
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(key).toMatch(/^lockout:(fail|lock):[0-9a-f]{64}$/);
  });

  it('keeps namespaces apart and says the namespace’s own words (staff usernames, decision 111)', async () => {
    const store = makeMemoryAttemptStore();
    const clock = { now: () => new Date() };
    const clients = makeLoginLockout({ store, clock });
    const staff = makeLoginLockout({
      store,
      clock,
      namespace: 'staff-lockout',
      message: STAFF_ACCOUNT_MESSAGES.staffLocked,
    });
    for (let i = 0; i < 10; i += 1) await staff.recordFailure('admin');
    await expect(staff.assertNotLocked('ADMIN')).rejects.toMatchObject({
      code: 'LOCKED_OUT',
      message: STAFF_ACCOUNT_MESSAGES.staffLocked,
    });
    await expect(clients.assertNotLocked('admin')).resolves.toBeUndefined();
  });
});
