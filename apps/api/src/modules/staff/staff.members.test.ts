import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../db/schema.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  STEP_MS,
  addStaff,
  auditRowsFor,
  call,
  codeAt,
  enrol,
  manualClock,
  staffLogin,
  tokenOf,
} from '../../test/staff-fixtures.js';

const INVALID_CREDENTIALS = {
  code: 'INVALID_CREDENTIALS',
  message: 'Invalid credentials. Please try again.',
};
const NEW_PASSWORD = 'a-long-enough-password';

const clock = manualClock();
let t: TestApp;
/** The acting owner: not 'admin', so the audit rows prove who acted. */
let owner: { id: string; username: string; token: string };

beforeAll(async () => {
  t = await createTestApp({ clock, env: { STAFF_2FA: 'optional' } });
  const member = await addStaff(t, 'owner');
  owner = { ...member, token: await tokenOf(await staffLogin(t, member.username)) };
});
afterAll(async () => {
  await t?.close();
});

type Member = {
  id: string;
  username: string;
  role: string;
  totpEnrolled: boolean;
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};

async function createMember(body: Record<string, unknown>) {
  return call(t, 'POST', '/api/staff/members', owner.token, body);
}

async function newMember(role = 'support'): Promise<Member> {
  const response = await createMember({
    username: `m-${Math.random().toString(36).slice(2, 10)}`,
    password: NEW_PASSWORD,
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Member>();
}

describe('POST /api/staff/members', () => {
  it('creates a member (201) who can then sign in; the audit row names the owner, not the password', async () => {
    const response = await createMember({
      username: 'Grace.Hopper',
      password: NEW_PASSWORD,
      role: 'operations',
    });
    expect(response.statusCode).toBe(201);
    const member = response.json<Member>();
    expect(member).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: 'Grace.Hopper',
      role: 'operations',
      totpEnrolled: false,
      disabled: false,
      createdAt: expect.any(String),
      lastLoginAt: null,
    });

    const token = await tokenOf(await staffLogin(t, 'grace.hopper', undefined, NEW_PASSWORD));
    const profile = await call(t, 'GET', '/api/adminDashboard/adminDashboard', token);
    expect(profile.json()).toEqual({
      username: 'Grace.Hopper',
      role: 'operations',
      totpEnrolled: false,
      sessionScope: 'full',
    });

    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const audit = await auditRowsFor(t, member.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'staff.create',
      targetType: 'staff',
      staffUsername: owner.username,
      staffRole: 'owner',
      after: { username: 'Grace.Hopper', role: 'operations' },
    });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('answers 409 for a username taken in any case', async () => {
    for (const username of ['ADMIN', owner.username.toUpperCase()]) {
      const response = await createMember({ username, password: NEW_PASSWORD, role: 'support' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: 'That username is taken' });
    }
  });

  it('answers 400 with per-field messages for a short password, a bad username or role', async () => {
    const response = await createMember({ username: 'x y', password: 'short', role: 'boss' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        username: ['Username: 3 to 64 letters, digits, dots, dashes or underscores'],
        password: ['Staff passwords need at least 12 characters'],
        role: ['Choose a role'],
      },
    });
    const rows = await t.database.db.select().from(staff).where(eq(staff.username, 'x y'));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/staff/members', () => {
  it('lists every member oldest first, with their state', async () => {
    const created = await newMember('compliance');
    const response = await call(t, 'GET', '/api/staff/members', owner.token);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Member[] }>();
    expect(items[0]).toMatchObject({ username: 'admin', role: 'owner' });
    expect(items.at(-1)).toEqual(created);
    expect(items.find((item) => item.id === owner.id)?.lastLoginAt).toBe(clock.now().toISOString());
    const times = items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe('disable, enable, revoke sessions', () => {
  it('disabling ends their sessions and refuses their login; enabling lets them back in', async () => {
    const member = await newMember();
    const token = await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD));

    const disable = await call(t, 'POST', `/api/staff/members/${member.id}/disable`, owner.token);
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toMatchObject({ id: member.id, disabled: true });
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    expect((await staffLogin(t, member.username, undefined, NEW_PASSWORD)).json()).toEqual(
      INVALID_CREDENTIALS,
    );

    const enable = await call(t, 'POST', `/api/staff/members/${member.id}/enable`, owner.token);
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toMatchObject({ id: member.id, disabled: false });
    // The old session stays revoked; a new login works.
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD));

    const audit = await auditRowsFor(t, member.id);
    expect(audit.map((entry) => [entry.action, entry.staffUsername])).toEqual([
      ['staff.create', owner.username],
      ['staff.disable', owner.username],
      ['staff.enable', owner.username],
    ]);
    expect(audit[1]?.after).toMatchObject({ disabled: true, sessionsRevoked: 1 });
  });

  it('revoking sessions answers 204 and signs them out everywhere', async () => {
    const member = await newMember();
    const tokens = [
      await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD)),
      await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD)),
    ];
    const revoke = await call(
      t,
      'POST',
      `/api/staff/members/${member.id}/sessions/revoke`,
      owner.token,
    );
    expect(revoke.statusCode).toBe(204);
    expect(revoke.body).toBe('');
    for (const token of tokens) {
      expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
        401,
      );
    }
    await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD));
    const audit = await auditRowsFor(t, member.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'staff.sessions.revoke',
      staffUsername: owner.username,
      targetType: 'staff',
      after: { sessionsRevoked: 2 },
    });
  });

  it('refuses to let an owner disable themselves (409) and leaves them signed in', async () => {
    const response = await call(t, 'POST', `/api/staff/members/${owner.id}/disable`, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'You cannot disable your own account',
    });
    expect(
      (await call(t, 'GET', '/api/adminDashboard/adminDashboard', owner.token)).statusCode,
    ).toBe(200);
  });

  it('disables another owner while one active owner remains', async () => {
    const other = await newMember('owner');
    const response = await call(t, 'POST', `/api/staff/members/${other.id}/disable`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ disabled: true });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const action of ['disable', 'enable', 'sessions/revoke', 'totp/reset']) {
      const response = await call(
        t,
        'POST',
        `/api/staff/members/${unknown}/${action}`,
        owner.token,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const malformed = await call(t, 'POST', '/api/staff/members/nope/disable', owner.token);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/staff/members/:id/totp/reset', () => {
  it('removes their TOTP and signs them out; they sign in without a code and enrol again', async () => {
    const member = await newMember('operations');
    const token = await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD));
    const { secret } = await enrol(t, token, clock);
    clock.advance(STEP_MS);
    expect((await staffLogin(t, member.username, undefined, NEW_PASSWORD)).statusCode).toBe(401);

    const reset = await call(t, 'POST', `/api/staff/members/${member.id}/totp/reset`, owner.token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id: member.id, totpEnrolled: false });
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    const again = await tokenOf(await staffLogin(t, member.username, undefined, NEW_PASSWORD));
    const second = await enrol(t, again, clock);
    expect(second.secret).not.toBe(secret);

    const audit = await auditRowsFor(t, member.id);
    expect(audit.find((entry) => entry.action === 'staff.totp.reset')).toMatchObject({
      staffUsername: owner.username,
      before: { totpEnrolled: true },
      after: { totpEnrolled: false, sessionsRevoked: 1 },
    });
    expect(codeAt(second.secret, clock.now())).toMatch(/^\d{6}$/);
  });
});

describe('who may manage staff', () => {
  it('answers 403 FORBIDDEN to an operations member on every staff-account call', async () => {
    const operations = await addStaff(t, 'operations');
    const token = await tokenOf(await staffLogin(t, operations.username));
    const target = await newMember();
    const calls: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', '/api/staff/members'],
      ['POST', '/api/staff/members', { username: 'sneaky', password: NEW_PASSWORD, role: 'owner' }],
      ['POST', `/api/staff/members/${target.id}/disable`],
      ['POST', `/api/staff/members/${target.id}/enable`],
      ['POST', `/api/staff/members/${target.id}/sessions/revoke`],
      ['POST', `/api/staff/members/${target.id}/totp/reset`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(t, method, url, token, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await t.database.db.select().from(staff).where(eq(staff.username, 'sneaky'))).toEqual(
      [],
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.staffUsername, operations.username));
    expect(audit).toEqual([]);
  });

  it('answers 401 without a token and 403 WRONG_TOKEN_KIND for a client token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/members' })).statusCode).toBe(401);
    const client = await t.signedInClient();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/staff/members',
      headers: { 'user-token': client.token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'WRONG_TOKEN_KIND' });
  });
});

describe('the last active owner', () => {
  const soloClock = manualClock();
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp({ clock: soloClock });
  });
  afterAll(async () => {
    await solo?.close();
  });

  it('cannot be disabled (409), and with STAFF_2FA=required an owner must enrol first', async () => {
    const token = await tokenOf(await staffLogin(solo, 'admin'));
    const [admin] = await solo.database.db.select().from(staff).where(eq(staff.username, 'admin'));
    if (!admin) throw new Error('no admin');
    const url = `/api/staff/members/${admin.id}/disable`;

    const beforeEnrolment = await call(solo, 'POST', url, token);
    expect(beforeEnrolment.statusCode).toBe(403);
    expect(beforeEnrolment.json()).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED' });

    await enrol(solo, token, soloClock);
    const response = await call(solo, 'POST', url, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'At least one active owner must remain',
    });
    const [after] = await solo.database.db.select().from(staff).where(eq(staff.id, admin.id));
    expect(after?.disabledAt).toBeNull();
  });
});

describe('two owners disabling each other at the same moment', () => {
  let pair: TestApp;
  beforeAll(async () => {
    pair = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('leaves one active owner: one call succeeds, the other is refused', async () => {
    const [admin] = await pair.database.db.select().from(staff).where(eq(staff.username, 'admin'));
    if (!admin) throw new Error('no admin');
    const other = await addStaff(pair, 'owner');
    const [adminToken, otherToken] = await Promise.all([
      pair.staffLogin(),
      tokenOf(await staffLogin(pair, other.username)),
    ]);
    const responses = await Promise.all([
      call(pair, 'POST', `/api/staff/members/${other.id}/disable`, adminToken),
      call(pair, 'POST', `/api/staff/members/${admin.id}/disable`, otherToken),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The loser is either refused as the last owner or already signed out (its session revoked).
    expect(statuses.filter((status) => status === 409 || status === 401)).toHaveLength(1);
    const active = await pair.database.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt)));
    expect(active).toHaveLength(1);
  });
});
