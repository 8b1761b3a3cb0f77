import { DashboardResponseSchema } from '@brokerdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { SESSION_TTL_MS } from '../sessions/index.js';

// A clock the tests can move forward to expire sessions.
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const INVALID = { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const UNAUTHENTICATED = { message: 'Not signed in or session expired', code: 'UNAUTHENTICATED' };

function dashboard(headers: Record<string, string> = {}, url = '/api/userDashboard/send/') {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('POST /api/userLogin/send', () => {
  it('returns a token for the right e-mail and password, e-mail in any case', async () => {
    const client = await t.createClient();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email.toUpperCase(), password: client.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ token: string }>().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const client = await t.createClient();
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email, password: 'not-the-password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: 'nobody-here@example.com', password: client.password },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(INVALID);
    expect(unknownEmail.json()).toEqual(INVALID);
  });

  it('answers 400 with field messages when the e-mail or password is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: ['Email is required'], password: ['Password is required'] },
    });
  });

  it('answers 400, not 500, for a NUL character in the e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: 'ada\u0000@example.com', password: 'secret-pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: ['Contains a character that is not allowed'] },
    });
  });
});

describe('GET /api/userDashboard/send/', () => {
  it('returns the seed userInfo with zero finances for the user-token header', async () => {
    const client = await t.signedInClient();
    const response = await dashboard({ 'user-token': client.token });
    expect(response.statusCode).toBe(200);
    const body = DashboardResponseSchema.parse(response.json());
    expect(body.userInfo).toEqual({
      firstName: client.body.firstName,
      lastName: client.body.lastName,
      email: client.email,
      country: client.body.country,
      phone: client.body.phone,
      emailVerified: true, // the fixture verifies; the e-mail tests cover false
      finances: [{ deposited: 0, profit: 0, bonus: 0, refBonus: 0, balance: 0 }],
      transactions: [],
      subscriptions: [],
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts Authorization: Bearer and ignores the trailing slash', async () => {
    const client = await t.signedInClient();
    const response = await dashboard(
      { authorization: `Bearer ${client.token}` },
      '/api/userDashboard/send',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ userInfo: { email: string } }>().userInfo.email).toBe(client.email);
  });

  it('shows each client only their own data', async () => {
    const first = await t.signedInClient();
    const second = await t.signedInClient();
    const response = await dashboard({ 'user-token': second.token });
    expect(response.json<{ userInfo: { email: string } }>().userInfo.email).toBe(second.email);
    expect(response.body).not.toContain(first.email);
  });

  it.each([
    ['no token', {}],
    ['a garbage token', { 'user-token': 'garbage' }],
    ['a well-formed unknown token', { 'user-token': 'A'.repeat(43) }],
    ['a malformed Authorization header', { authorization: 'Basic abc' }],
  ])('answers 401 with %s', async (_label, headers) => {
    const response = await dashboard(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 once the session has expired', async () => {
    const client = await t.signedInClient();
    expect((await dashboard({ 'user-token': client.token })).statusCode).toBe(200);
    offsetMs = SESSION_TTL_MS.client + 1000;
    try {
      const response = await dashboard({ 'user-token': client.token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHENTICATED);
    } finally {
      offsetMs = 0;
    }
  });

  it('answers 403 WRONG_TOKEN_KIND for a staff token', async () => {
    const staffToken = await t.staffLogin();
    const attempts: Record<string, string>[] = [
      { 'x-auth-token': staffToken },
      { 'user-token': staffToken },
    ];
    for (const headers of attempts) {
      const response = await dashboard(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'WRONG_TOKEN_KIND' });
    }
  });
});

describe('POST /api/userLogout/send', () => {
  it('answers 204 and the token is refused afterwards', async () => {
    const client = await t.signedInClient();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': client.token },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await dashboard({ 'user-token': client.token })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': client.token },
    });
    expect(again.statusCode).toBe(401);
  });

  it('revokes only that session', async () => {
    const client = await t.signedInClient();
    const otherDevice = await t.login(client.email, client.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': client.token },
    });
    expect((await dashboard({ 'user-token': otherDevice })).statusCode).toBe(200);
  });

  it('accepts a JSON content type with an empty body', async () => {
    const client = await t.signedInClient();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': client.token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(204);
  });

  it('authenticates before reading the body: invalid JSON without a token is 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 for a garbage token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': 'garbage' },
    });
    expect(response.statusCode).toBe(401);
  });
});
