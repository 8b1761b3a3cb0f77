import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../db/schema.js';
import { TEST_ADMIN_PASSWORD, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { SESSION_TTL_MS } from '../sessions/index.js';

const INVALID = { message: 'Invalid credentials. Please try again.', code: 'INVALID_CREDENTIALS' };

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

// STAFF_2FA=required is the default: staff without TOTP get an enrolment-only session.
let required: TestApp;
let optional: TestApp;
beforeAll(async () => {
  [required, optional] = await Promise.all([
    createTestApp({ clock }),
    createTestApp({ env: { STAFF_2FA: 'optional' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([required?.close(), optional?.close()]);
});

async function adminPasswordHash(t: TestApp): Promise<string> {
  const [admin] = await t.database.db.select().from(staff).where(eq(staff.username, 'admin'));
  if (!admin?.passwordHash) throw new Error('no admin account');
  return admin.passwordHash;
}

function adminLogin(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/adminLogin/adminLogin', payload });
}

function adminDashboard(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/adminDashboard/adminDashboard', headers });
}

describe('POST /api/adminLogin/adminLogin', () => {
  it('returns a token for the first staff account (username in any case)', async () => {
    const response = await adminLogin(required, {
      username: 'ADMIN',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ token: string }>().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a wrong password', { username: 'admin', password: 'wrong-password-123' }],
    ['an unknown username', { username: 'nobody', password: TEST_ADMIN_PASSWORD }],
  ])("answers 401 'Invalid credentials. Please try again.' for %s", async (_label, payload) => {
    const response = await adminLogin(required, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  it('answers 400 when the username is missing', async () => {
    const response = await adminLogin(required, { password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { username: ['Username is required'] },
    });
  });

  it('refuses a disabled staff member', async () => {
    await optional.database.db.insert(staff).values({
      username: 'gone',
      passwordHash: await adminPasswordHash(optional),
      role: 'support',
      disabledAt: new Date(),
    });
    const response = await adminLogin(optional, {
      username: 'gone',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  // Issue 17, finding 2: the answer used to be 401 TOTP_REQUIRED for a right password without a
  // code, which told a guesser the password was right.
  it('answers an enrolled member’s right password without a code exactly like a wrong password', async () => {
    await optional.database.db.insert(staff).values({
      username: 'enrolled',
      passwordHash: await adminPasswordHash(optional),
      role: 'operations',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    });
    const rightPassword = await adminLogin(optional, {
      username: 'enrolled',
      password: TEST_ADMIN_PASSWORD,
    });
    const wrongPassword = await adminLogin(optional, {
      username: 'enrolled',
      password: 'wrong-password-123',
    });
    const rightPasswordWrongCode = await adminLogin(optional, {
      username: 'enrolled',
      password: TEST_ADMIN_PASSWORD,
      totp: '000000',
    });
    for (const response of [rightPassword, wrongPassword, rightPasswordWrongCode]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
    }
    expect(rightPassword.body).toBe(wrongPassword.body);
  });
});

// Issue 17, finding 4: the origin's admin screen checks its session with this call, which
// answered 404.
describe('GET /api/admin/adminAuthentication', () => {
  const check = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/admin/adminAuthentication', headers });

  it('answers as /api/adminDashboard/adminDashboard does, with x-auth-token', async () => {
    const token = await optional.staffLogin();
    const response = await check(optional, { 'x-auth-token': token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: 'admin',
      role: 'owner',
      totpEnrolled: false,
      sessionScope: 'full',
    });
    expect(response.body).toBe((await adminDashboard(optional, { 'x-auth-token': token })).body);
    // An enrolment-only session may check itself too, like the dashboard call.
    const enrolling = await required.staffLogin();
    expect((await check(required, { 'x-auth-token': enrolling })).json()).toMatchObject({
      sessionScope: 'totp-enrolment',
    });
  });

  it('answers 401 without a valid token and 403 WRONG_TOKEN_KIND for a client token', async () => {
    expect((await check(optional, {})).statusCode).toBe(401);
    expect((await check(optional, { 'x-auth-token': 'garbage' })).json()).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const client = await optional.signedInClient();
    const response = await check(optional, { 'user-token': client.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'WRONG_TOKEN_KIND' });
  });
});

describe('GET /api/adminDashboard/adminDashboard', () => {
  it('returns the signed-in staff member even while TOTP enrolment is pending', async () => {
    const token = await required.staffLogin();
    const response = await adminDashboard(required, { 'x-auth-token': token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: 'admin',
      role: 'owner',
      totpEnrolled: false,
      sessionScope: 'totp-enrolment',
    });
  });

  it('accepts Authorization: Bearer', async () => {
    const token = await optional.staffLogin();
    const response = await adminDashboard(optional, { authorization: `Bearer ${token}` });
    expect(response.json()).toEqual({
      username: 'admin',
      role: 'owner',
      totpEnrolled: false,
      sessionScope: 'full',
    });
  });

  it('answers 401 without a token and 403 WRONG_TOKEN_KIND for a client token', async () => {
    expect((await adminDashboard(required, {})).statusCode).toBe(401);
    const client = await required.signedInClient();
    const response = await adminDashboard(required, { 'user-token': client.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'WRONG_TOKEN_KIND' });
  });

  it('answers 401 after 12 hours', async () => {
    const token = await required.staffLogin();
    offsetMs = SESSION_TTL_MS.staff + 1000;
    try {
      expect((await adminDashboard(required, { 'x-auth-token': token })).statusCode).toBe(401);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('POST /api/adminLogout/adminLogout', () => {
  it('answers 204, then the token is refused', async () => {
    const token = await required.staffLogin();
    const logout = () =>
      required.app.inject({
        method: 'POST',
        url: '/api/adminLogout/adminLogout',
        headers: { 'x-auth-token': token },
      });
    expect((await logout()).statusCode).toBe(204);
    expect((await adminDashboard(required, { 'x-auth-token': token })).statusCode).toBe(401);
    expect((await logout()).statusCode).toBe(401);
  });

  it('answers 401 without a valid token', async () => {
    const response = await required.app.inject({
      method: 'POST',
      url: '/api/adminLogout/adminLogout',
      headers: { 'x-auth-token': 'garbage' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/allUsers/users', () => {
  it('answers 403 TOTP_ENROLMENT_REQUIRED with STAFF_2FA=required and no TOTP enrolled', async () => {
    const token = await required.staffLogin();
    const response = await required.app.inject({
      method: 'GET',
      url: '/api/allUsers/users',
      headers: { 'x-auth-token': token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED' });
  });

  it('lists clients newest first as {_id, userName, email} with STAFF_2FA=optional', async () => {
    const older = await optional.createClient({ firstName: 'Grace', lastName: 'Hopper' });
    const newer = await optional.createClient({ firstName: 'Alan', lastName: 'Turing' });
    const token = await optional.staffLogin();
    const response = await optional.app.inject({
      method: 'GET',
      url: '/api/allUsers/users/',
      headers: { 'x-auth-token': token },
    });
    expect(response.statusCode).toBe(200);
    const users = response.json<{ _id: string; userName: string; email: string }[]>();
    for (const user of users)
      expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'userName']);
    const emails = users.map((user) => user.email);
    expect(emails.indexOf(newer.email)).toBeLessThan(emails.indexOf(older.email));
    expect(users.find((user) => user.email === older.email)).toMatchObject({
      userName: 'Grace Hopper',
    });
    expect(users.find((user) => user.email === newer.email)?._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 403 for a client token and 401 for none', async () => {
    const client = await optional.signedInClient();
    const asClient = await optional.app.inject({
      method: 'GET',
      url: '/api/allUsers/users',
      headers: { 'user-token': client.token },
    });
    expect(asClient.statusCode).toBe(403);
    expect(
      (await optional.app.inject({ method: 'GET', url: '/api/allUsers/users' })).statusCode,
    ).toBe(401);
  });
});
