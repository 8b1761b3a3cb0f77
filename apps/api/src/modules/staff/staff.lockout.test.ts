// Issue 17, finding 2: staff sign-in had only a per-IP limit, so a username could be guessed at
// from many addresses without end, and an enrolled member's right password without a code
// answered 401 TOTP_REQUIRED (the password was right) instead of the wrong password's answer.
// Now staff lock like clients (docs/product.md §7): 10 failures for one username, existing or
// not, within 15 minutes → 429 for 15 minutes, doubling; wrong and missing codes count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  STEP_MS,
  addStaff,
  codeAt,
  enrol,
  manualClock,
  staffLogin,
  tokenOf,
} from '../../test/staff-fixtures.js';

const MINUTE_MS = 60_000;
// In the order the error handler writes them, so bodies can be compared byte for byte.
const INVALID = { message: 'Invalid credentials. Please try again.', code: 'INVALID_CREDENTIALS' };
const LOCKED = {
  message:
    'Too many failed sign-ins for this username. Try again later, or ask an owner to reset your two-factor authentication.',
  code: 'LOCKED_OUT',
};

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { STAFF_2FA: 'required' } });
});
afterAll(async () => {
  await t?.close();
});

/** An operations member with TOTP on; the clock is past the step used to confirm it. */
async function enrolledMember() {
  const member = await addStaff(t, 'operations');
  const token = await tokenOf(await staffLogin(t, member.username));
  const { secret } = await enrol(t, token, clock);
  clock.advance(STEP_MS);
  return { ...member, secret, code: () => codeAt(secret, clock.now()) };
}

type Answer = { status: number; body: string; retryAfter: string | undefined };

async function answer(username: string, password: string, totp?: string): Promise<Answer> {
  const response = await staffLogin(t, username, totp, password);
  return {
    status: response.statusCode,
    body: response.body,
    retryAfter: response.headers['retry-after'] as string | undefined,
  };
}

describe('staff sign-in lock-out', () => {
  it('locks a username after 10 wrong passwords for 15 minutes, even against the right password and code', async () => {
    const member = await enrolledMember();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await staffLogin(t, member.username, member.code(), `wrong-password-${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID);
    }
    const locked = await staffLogin(t, member.username, member.code());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED);
    expect(locked.headers['retry-after']).toBe('900');
    // In any case of the username.
    expect((await staffLogin(t, member.username.toUpperCase(), member.code())).statusCode).toBe(
      429,
    );

    clock.advance(15 * MINUTE_MS);
    expect((await staffLogin(t, member.username, member.code())).statusCode).toBe(200);
  });

  it('doubles the lock when the failures come again', async () => {
    const member = await enrolledMember();
    for (let i = 0; i < 10; i += 1) await staffLogin(t, member.username, undefined, 'wrong-1234');
    clock.advance(15 * MINUTE_MS);
    for (let i = 0; i < 10; i += 1) await staffLogin(t, member.username, undefined, 'wrong-1234');
    const locked = await staffLogin(t, member.username, member.code());
    expect(locked.json()).toEqual(LOCKED);
    expect(locked.headers['retry-after']).toBe('1800');
  });

  it('counts a right password with a missing or wrong code as a failure, answered like a wrong password', async () => {
    const member = await enrolledMember();
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(await answer(member.username, 'correct-horse-battery-staple'));
    for (let i = 0; i < 4; i += 1) {
      answers.push(await answer(member.username, 'correct-horse-battery-staple', '000000'));
    }
    answers.push(await answer(member.username, 'not-the-password'));
    // All ten: the same status, the same bytes; nothing says the password was right.
    expect(new Set(answers.map((one) => `${one.status} ${one.body}`))).toEqual(
      new Set([`401 ${JSON.stringify(INVALID)}`]),
    );
    const locked = await staffLogin(t, member.username, member.code());
    expect(locked.statusCode).toBe(429);
  });

  it('answers an unknown username exactly as an existing one, lock included', async () => {
    const member = await enrolledMember();
    const ghost = `ghost-${member.username}`;
    const sequence = async (username: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        const one = await answer(username, 'wrong-password-xyz', '123456');
        seen.push(`${one.status} ${one.retryAfter ?? '-'} ${one.body}`);
      }
      return seen;
    };
    const existing = await sequence(member.username);
    const unknown = await sequence(ghost);
    expect(unknown).toEqual(existing);
    expect(existing.at(-1)).toBe(`429 900 ${JSON.stringify(LOCKED)}`);
  });

  it('keeps each username apart: another member signs in while one is locked', async () => {
    const [locked, bystander] = [await enrolledMember(), await enrolledMember()];
    for (let i = 0; i < 10; i += 1) await staffLogin(t, locked.username, undefined, 'wrong-1234');
    expect((await staffLogin(t, locked.username, locked.code())).statusCode).toBe(429);
    expect((await staffLogin(t, bystander.username, bystander.code())).statusCode).toBe(200);
  });

  it('is lifted by a successful sign-in before the 10th failure (the count starts again)', async () => {
    const member = await enrolledMember();
    for (let i = 0; i < 9; i += 1) await staffLogin(t, member.username, undefined, 'wrong-1234');
    expect((await staffLogin(t, member.username, member.code())).statusCode).toBe(200);
    clock.advance(STEP_MS);
    for (let i = 0; i < 9; i += 1) await staffLogin(t, member.username, undefined, 'wrong-1234');
    expect((await staffLogin(t, member.username, member.code())).statusCode).toBe(200);
  });
});
