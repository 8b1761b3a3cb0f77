// docs/product.md §7 lock-out through the real login endpoint: 10 failed logins for one e-mail
// within 15 minutes → 429 for 15 minutes (then 30, 60 …), the same answers for unknown e-mails.
import { MESSAGES } from '@brokerdesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

// A clock the tests move forward instead of waiting out a lock.
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const INVALID = { message: MESSAGES.login.invalidCredentials, code: 'INVALID_CREDENTIALS' };
const LOCKED = { message: MESSAGES.lockout.locked, code: 'LOCKED_OUT' };

function login(email: string, password: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/userLogin/send', payload: { email, password } });
}

/** Ten wrong passwords, each answered 401 like any wrong password. */
async function failTenTimes(email: string) {
  for (let i = 0; i < 10; i += 1) {
    const response = await login(email, `wrong-password-${i}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  }
}

describe('login lock-out', () => {
  it('answers the 11th login with 429 LOCKED_OUT and retry-after, even with the right password', async () => {
    const client = await t.createClient();
    await failTenTimes(client.email);
    const locked = await login(client.email, client.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED);
    expect(locked.headers['retry-after']).toBe('900');
  });

  it('gives an unknown e-mail exactly the same answers', async () => {
    const client = await t.createClient();
    const unknown = `nobody-${Date.now()}@example.com`;
    await failTenTimes(client.email);
    await failTenTimes(unknown);
    const [known, missing] = await Promise.all([
      login(client.email, client.password),
      login(unknown, 'any-password'),
    ]);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.json()).toEqual(known.json());
    expect(missing.headers['retry-after']).toBe(known.headers['retry-after']);
    expect(Object.keys(missing.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('does not lock other e-mails', async () => {
    const [victim, other] = await Promise.all([t.createClient(), t.createClient()]);
    await failTenTimes(victim.email);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
    expect((await login(victim.email.toUpperCase(), victim.password)).statusCode).toBe(429);
  });

  it('lets the right password in after 15 minutes, and the next lock lasts 30', async () => {
    const client = await t.createClient();
    await failTenTimes(client.email);
    offsetMs += 15 * MINUTE - 1_000;
    expect((await login(client.email, client.password)).statusCode).toBe(429);
    offsetMs += 1_000;
    expect((await login(client.email, client.password)).statusCode).toBe(200);

    await failTenTimes(client.email);
    const again = await login(client.email, client.password);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('1800');
    offsetMs += 30 * MINUTE;
    expect((await login(client.email, client.password)).statusCode).toBe(200);
  });
});
