// Issue 17: every client password that is set — registration (both seed paths and the staff's
// Manage Registration), change, reset (account-links.limits.test.ts) — refuses the most common
// passwords; a change refuses the current one; wrong current passwords are counted per account
// (the login lock-out's rule), and changes, each of which mails the client, are limited too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import { createTestApp, registrationBody } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

const TOO_COMMON = 'This password is one of the most common and easy to guess; choose another';
const MINUTE = 60 * 1000;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { STAFF_2FA: 'optional' } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  offsetMs = 0;
});

let nextAddress = 1;
const freshIp = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

function changePassword(
  headers: Record<string, string>,
  currentPassword: string,
  newPassword: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/password',
    headers,
    payload: { currentPassword, newPassword, confirmPassword: newPassword },
    remoteAddress: freshIp(),
  });
}

describe('registration refuses the most common passwords', () => {
  it('on both seed paths and on the staff form, keeping the 6-character rule and its message', async () => {
    const owner = await staffCaller(t, 'owner');
    const attempts = [
      (body: object) =>
        t.app.inject({ method: 'POST', url: '/api/userRegister/send', payload: body }),
      (body: object) => t.app.inject({ method: 'POST', url: '/api/email/send', payload: body }),
      (body: object) => post(t, '/api/staff/clients', owner, body),
    ];
    for (const send of attempts) {
      const common = await send(
        registrationBody({ password: 'qwerty123', confirmPassword: 'qwerty123' }),
      );
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: TOO_COMMON,
        fields: { password: [TOO_COMMON] },
      });
      const short = await send(registrationBody({ password: 'abc12', confirmPassword: 'abc12' }));
      expect(short.json().fields.password).toEqual(['Password must be at least 6 characters']);
      expect((await send(registrationBody())).statusCode).toBe(201);
    }
  });
});

describe('changing the password', () => {
  it('refuses a common new password and the current one', async () => {
    const client = await clientCaller(t);
    const common = await changePassword(client.headers, client.password, 'iloveyou');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ newPassword: [TOO_COMMON] });

    const same = await changePassword(client.headers, client.password, client.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({
      newPassword: ['Choose a password different from your current one'],
    });
    expect(await t.login(client.email, client.password)).toMatch(/^[\w-]{43}$/);
  });

  it('locks the current-password check after 10 wrong ones from any IPs, for that account only', async () => {
    const client = await clientCaller(t);
    for (let i = 1; i <= 10; i += 1) {
      const wrong = await changePassword(client.headers, `wrong-guess-${i}`, 'brand-new-pass');
      expect(wrong.statusCode, `guess ${i}`).toBe(400);
    }
    const locked = await changePassword(client.headers, client.password, 'brand-new-pass');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'LOCKED_OUT',
      message:
        'Too many wrong current passwords. Try again later, or sign out and reset your password.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The session and the login still work: only the check is locked.
    expect((await get(t, '/api/userDashboard/send/', client)).statusCode).toBe(200);
    const other = await clientCaller(t);
    expect((await changePassword(other.headers, other.password, 'brand-new-pass')).statusCode).toBe(
      200,
    );

    offsetMs = 15 * MINUTE + 1000;
    const after = await changePassword(client.headers, client.password, 'brand-new-pass');
    expect(after.statusCode).toBe(200);
  });

  it('allows 5 changes an hour per account (each one mails the client), then 429', async () => {
    const client = await clientCaller(t);
    let current = client.password;
    for (let i = 1; i <= 5; i += 1) {
      const next = `changed-secret-${i}`;
      expect((await changePassword(client.headers, current, next)).statusCode, `change ${i}`).toBe(
        200,
      );
      current = next;
    }
    const refused = await changePassword(client.headers, current, 'changed-secret-6');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Your password was changed several times in a short time; try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60);
  });
});
