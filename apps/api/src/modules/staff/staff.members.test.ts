import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, staffInvitations } from '../../db/schema.js';
import { startSmtpServer } from '../../test/smtp-server.js';
import type { TestSmtpServer } from '../../test/smtp-server.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import {
  MEMBER_PASSWORD,
  STEP_MS,
  acceptInvitation,
  addStaff,
  auditRowsFor,
  call,
  codeAt,
  enrol,
  invitationToken,
  inviteStaff,
  manualClock,
  staffLogin,
  tokenOf,
} from '../../test/staff-fixtures.js';

const INVALID_CREDENTIALS = {
  code: 'INVALID_CREDENTIALS',
  message: 'Invalid credentials. Please try again.',
};
const HOUR_MS = 60 * 60 * 1000;

const clock = manualClock();
let smtp: TestSmtpServer;
let t: TestApp;
/** The acting owner: not 'admin', so the audit rows prove who acted. */
let owner: { id: string; username: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    clock,
    env: { STAFF_2FA: 'optional', SMTP_URL: smtp.url, PUBLIC_URL: 'https://broker.example' },
  });
  const member = await addStaff(t, 'owner');
  owner = { ...member, token: await tokenOf(await staffLogin(t, member.username)) };
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Member = {
  id: string;
  username: string;
  email: string | null;
  role: string;
  totpEnrolled: boolean;
  disabled: boolean;
  invitation: { expiresAt: string; expired: boolean } | null;
  createdAt: string;
  lastLoginAt: string | null;
};

async function createMember(body: Record<string, unknown>) {
  return call(t, 'POST', '/api/staff/members', owner.token, body);
}

/** A member as staff-fixtures' addStaff makes one (no e-mail, the test password, no TOTP). */
async function newMember(role: 'support' | 'owner' | 'operations' = 'support') {
  return addStaff(t, role);
}

/** A code for the member's next sign-in: the clock moves a step, so no code is reused. */
function nextCode(secret: string): string {
  clock.advance(STEP_MS);
  return codeAt(secret, clock.now());
}

// Issue 17, finding 3: the owner used to set the member's password, so the owner (or whoever saw
// it) could enrol their own authenticator first and hold the account.
describe('POST /api/staff/members (an invitation)', () => {
  it('creates a member without a password and mails them a 72-hour link; the audit names the owner', async () => {
    const response = await createMember({
      username: 'Grace.Hopper',
      email: 'Grace@Navy.example',
      role: 'operations',
      // The old body's password is not taken: the member chooses their own.
      password: 'chosen-by-the-owner',
    });
    expect(response.statusCode, response.body).toBe(201);
    const member = response.json<Member>();
    expect(member).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: 'Grace.Hopper',
      email: 'grace@navy.example',
      role: 'operations',
      totpEnrolled: false,
      disabled: false,
      invitation: {
        expiresAt: new Date(clock.now().getTime() + 72 * HOUR_MS).toISOString(),
        expired: false,
      },
      createdAt: expect.any(String),
      lastLoginAt: null,
    });

    const mail = await smtp.waitFor('grace@navy.example', /back-office account/);
    expect(mail.text).toContain('Hello Grace.Hopper,');
    expect(mail.text).toContain('role Operations');
    expect(mail.text).toMatch(/https:\/\/broker\.example\/staffInvitation#token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain('for 72 hours');

    // No password exists yet: whatever is tried, the answer is a wrong password's.
    for (const password of ['chosen-by-the-owner', MEMBER_PASSWORD]) {
      const login = await staffLogin(t, 'grace.hopper', undefined, password);
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual(INVALID_CREDENTIALS);
    }
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.passwordHash).toBeNull();
    const invitations = await t.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.staffId, member.id));
    expect(invitations).toHaveLength(1);
    expect(invitations[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.text).not.toContain(invitations[0]?.tokenHash ?? '-');

    const audit = await auditRowsFor(t, member.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'staff.create',
      targetType: 'staff',
      staffUsername: owner.username,
      staffRole: 'owner',
      after: { username: 'Grace.Hopper', email: 'grace@navy.example', role: 'operations' },
    });
    expect(JSON.stringify(audit)).not.toContain(linkOf(mail.text));
  });

  it('lets the invited member — and only with the link — choose the password and sign in with their own code', async () => {
    const invited = await inviteStaff(t, owner.token, { role: 'operations' });
    const { secret } = await acceptInvitation(t, await invitationToken(smtp, invited.email), clock);
    expect((await staffLogin(t, invited.username, undefined, MEMBER_PASSWORD)).json()).toEqual(
      INVALID_CREDENTIALS,
    );
    const token = await tokenOf(
      await staffLogin(t, invited.username, nextCode(secret), MEMBER_PASSWORD),
    );
    const profile = await call(t, 'GET', '/api/adminDashboard/adminDashboard', token);
    expect(profile.json()).toEqual({
      username: invited.username,
      role: 'operations',
      totpEnrolled: true,
      sessionScope: 'full',
    });
    const listed = await call(t, 'GET', '/api/staff/members', owner.token);
    expect(
      listed.json<{ items: Member[] }>().items.find((item) => item.id === invited.id),
    ).toMatchObject({ invitation: null, totpEnrolled: true });
  });

  it('answers 409 for a username taken in any case', async () => {
    for (const username of ['ADMIN', owner.username.toUpperCase()]) {
      const response = await createMember({ username, email: 'x@staff.example', role: 'support' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: 'That username is taken' });
    }
  });

  it('answers 400 with per-field messages for a bad username, e-mail or role, and stores nothing', async () => {
    const response = await createMember({ username: 'x y', email: 'not-an-address', role: 'boss' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        username: ['Username: 3 to 64 letters, digits, dots, dashes or underscores'],
        email: ['Please enter a valid email'],
        role: ['Choose a role'],
      },
    });
    const missing = await createMember({ username: 'no.email', role: 'support' });
    expect(missing.json()).toMatchObject({ fields: { email: ['Email is required'] } });
    const rows = await t.database.db.select().from(staff).where(eq(staff.username, 'x y'));
    expect(rows).toHaveLength(0);
  });
});

function linkOf(text: string): string {
  return /#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? 'no link';
}

describe('POST /api/staff/members/:id/invitation (resend)', () => {
  it('mails a new link and retires the old one; the invited member shows when it expires', async () => {
    const invited = await inviteStaff(t, owner.token);
    const first = await invitationToken(smtp, invited.email);
    clock.advance(10 * 60 * 1000);
    const resend = await call(
      t,
      'POST',
      `/api/staff/members/${invited.id}/invitation`,
      owner.token,
    );
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json<Member>().invitation).toEqual({
      expiresAt: new Date(clock.now().getTime() + 72 * HOUR_MS).toISOString(),
      expired: false,
    });
    const second = await invitationToken(smtp, invited.email, 2);
    expect(second).not.toBe(first);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: first },
    });
    expect(old.statusCode).toBe(410);
    expect(old.json()).toMatchObject({ code: 'TOKEN_USED' });
    await acceptInvitation(t, second, clock);

    const again = await call(t, 'POST', `/api/staff/members/${invited.id}/invitation`, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: 'This member has already accepted their invitation',
    });
    const audit = await auditRowsFor(t, invited.id);
    expect(audit.map((entry) => [entry.action, entry.staffUsername])).toEqual([
      ['staff.create', owner.username],
      ['staff.invitation.resend', owner.username],
      ['staff.totp.setup', invited.username],
      ['staff.invitation.accept', invited.username],
    ]);
  });

  it('shows an invitation past its 72 hours as expired, and a resend gives a working one', async () => {
    const invited = await inviteStaff(t, owner.token);
    clock.advance(72 * HOUR_MS + 1000);
    owner.token = await tokenOf(await staffLogin(t, owner.username)); // idle sessions end
    const listed = await call(t, 'GET', '/api/staff/members', owner.token);
    const row = listed.json<{ items: Member[] }>().items.find((item) => item.id === invited.id);
    expect(row?.invitation?.expired).toBe(true);
    expect(
      (
        await call(t, 'POST', `/api/staff/members/${invited.id}/invitation`, owner.token)
      ).json<Member>().invitation?.expired,
    ).toBe(false);
    await acceptInvitation(t, await invitationToken(smtp, invited.email, 2), clock);
  });

  it('answers 409 for a disabled member and for one without an invitation, 404 for an unknown id', async () => {
    const invited = await inviteStaff(t, owner.token);
    await call(t, 'POST', `/api/staff/members/${invited.id}/disable`, owner.token);
    const disabled = await call(
      t,
      'POST',
      `/api/staff/members/${invited.id}/invitation`,
      owner.token,
    );
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ message: 'This account is disabled; enable it first' });
    const legacy = await newMember();
    expect(
      (await call(t, 'POST', `/api/staff/members/${legacy.id}/invitation`, owner.token)).statusCode,
    ).toBe(409);
    const unknown = await call(
      t,
      'POST',
      '/api/staff/members/00000000-0000-4000-8000-000000000000/invitation',
      owner.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/staff/members', () => {
  it('lists every member oldest first, with their state', async () => {
    const created = await inviteStaff(t, owner.token, { role: 'compliance' });
    const response = await call(t, 'GET', '/api/staff/members', owner.token);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Member[] }>();
    expect(items[0]).toMatchObject({
      username: 'admin',
      role: 'owner',
      email: null,
      invitation: null,
    });
    expect(items.at(-1)).toMatchObject({
      id: created.id,
      email: created.email,
      role: 'compliance',
      invitation: { expired: false },
    });
    expect(items.find((item) => item.id === owner.id)?.lastLoginAt).toBe(clock.now().toISOString());
    const times = items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe('disable, enable, revoke sessions', () => {
  it('disabling ends their sessions and refuses their login; enabling lets them back in', async () => {
    const member = await newMember();
    const token = await tokenOf(await staffLogin(t, member.username));

    const disable = await call(t, 'POST', `/api/staff/members/${member.id}/disable`, owner.token);
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toMatchObject({ id: member.id, disabled: true });
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    expect((await staffLogin(t, member.username)).json()).toEqual(INVALID_CREDENTIALS);

    const enable = await call(t, 'POST', `/api/staff/members/${member.id}/enable`, owner.token);
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toMatchObject({ id: member.id, disabled: false });
    // The old session stays revoked; a new login works.
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    await tokenOf(await staffLogin(t, member.username));

    const audit = await auditRowsFor(t, member.id);
    expect(audit.map((entry) => [entry.action, entry.staffUsername])).toEqual([
      ['staff.disable', owner.username],
      ['staff.enable', owner.username],
    ]);
    expect(audit[0]?.after).toMatchObject({ disabled: true, sessionsRevoked: 1 });
  });

  it('revoking sessions answers 204 and signs them out everywhere', async () => {
    const member = await newMember();
    const tokens = [
      await tokenOf(await staffLogin(t, member.username)),
      await tokenOf(await staffLogin(t, member.username)),
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
    await tokenOf(await staffLogin(t, member.username));
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
    for (const action of ['disable', 'enable', 'sessions/revoke', 'totp/reset', 'invitation']) {
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
  // Issue 17, finding 3: a reset now goes through a new invitation, so whoever knew the old
  // password cannot enrol an authenticator in the member's place.
  it('ends their sessions, TOTP and password, and mails a new invitation through which they set up again', async () => {
    const invited = await inviteStaff(t, owner.token, { role: 'operations' });
    const { secret } = await acceptInvitation(t, await invitationToken(smtp, invited.email), clock);
    const token = await tokenOf(
      await staffLogin(t, invited.username, nextCode(secret), MEMBER_PASSWORD),
    );

    const reset = await call(t, 'POST', `/api/staff/members/${invited.id}/totp/reset`, owner.token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      id: invited.id,
      totpEnrolled: false,
      invitation: { expired: false },
    });
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    // The old password no longer opens anything, with or without a code.
    for (const code of [undefined, nextCode(secret)]) {
      expect((await staffLogin(t, invited.username, code, MEMBER_PASSWORD)).json()).toEqual(
        INVALID_CREDENTIALS,
      );
    }
    const mail = await smtp.waitFor(invited.email, /again/);
    expect(mail.text).toContain('reset the two-factor authentication');

    const renewed = await acceptInvitation(
      t,
      await invitationToken(smtp, invited.email, 2),
      clock,
      'a-brand-new-password',
    );
    expect(renewed.secret).not.toBe(secret);
    await tokenOf(
      await staffLogin(t, invited.username, nextCode(renewed.secret), 'a-brand-new-password'),
    );

    const audit = await auditRowsFor(t, invited.id);
    expect(audit.find((entry) => entry.action === 'staff.totp.reset')).toMatchObject({
      staffUsername: owner.username,
      before: { totpEnrolled: true },
      after: { totpEnrolled: false, sessionsRevoked: 1, invitationSent: true },
    });
  });

  it('for a member without an e-mail (the first owner, older accounts) removes TOTP; they enrol again at sign-in', async () => {
    const member = await newMember('operations');
    const token = await tokenOf(await staffLogin(t, member.username));
    const { secret } = await enrol(t, token, clock);
    clock.advance(STEP_MS);
    expect((await staffLogin(t, member.username)).statusCode).toBe(401);

    const reset = await call(t, 'POST', `/api/staff/members/${member.id}/totp/reset`, owner.token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id: member.id, totpEnrolled: false, invitation: null });
    expect((await call(t, 'GET', '/api/adminDashboard/adminDashboard', token)).statusCode).toBe(
      401,
    );
    const again = await tokenOf(await staffLogin(t, member.username));
    const second = await enrol(t, again, clock);
    expect(second.secret).not.toBe(secret);

    const audit = await auditRowsFor(t, member.id);
    expect(audit.find((entry) => entry.action === 'staff.totp.reset')).toMatchObject({
      staffUsername: owner.username,
      before: { totpEnrolled: true },
      after: { totpEnrolled: false, sessionsRevoked: 1, invitationSent: false },
    });
  });
});

describe('who may manage staff', () => {
  it('answers 403 FORBIDDEN to an operations member on every staff-account call', async () => {
    const operations = await addStaff(t, 'operations');
    const token = await tokenOf(await staffLogin(t, operations.username));
    const target = await newMember();
    const calls: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', '/api/staff/members'],
      ['POST', '/api/staff/members', { username: 'sneaky', email: 's@x.example', role: 'owner' }],
      ['POST', `/api/staff/members/${target.id}/invitation`],
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
