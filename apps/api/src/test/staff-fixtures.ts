// Helpers for the staff tests: a clock they move by hand, staff accounts straight in the
// database or invited through the API, logins, TOTP codes computed with otpauth from the secret
// the API handed out.
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@brokerdesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { auditLog, staff } from '../db/schema.js';
import { linkToken } from './smtp-server.js';
import type { TestSmtpServer } from './smtp-server.js';
import { TEST_ADMIN_PASSWORD } from './test-app.js';
import type { TestApp } from './test-app.js';

export const STEP_MS = 30_000;

/** A clock that stands still until moved; it starts 5 s into a 30-second TOTP step. */
export function manualClock(start = Date.parse('2030-01-01T00:00:05Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;

export function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/** A staff member inserted directly, with the test admin's password. */
export async function addStaff(
  t: TestApp,
  role: StaffRole,
  username = `${role}-${randomUUID().slice(0, 8)}`,
): Promise<{ id: string; username: string }> {
  const [admin] = await t.database.db
    .select({ passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.username, 'admin'));
  if (!admin?.passwordHash) throw new Error('no admin account to copy a password hash from');
  const [row] = await t.database.db
    .insert(staff)
    .values({ username, passwordHash: admin.passwordHash, role })
    .returning({ id: staff.id });
  if (!row) throw new Error('insert into staff returned no row');
  return { id: row.id, username };
}

export function staffLogin(
  t: TestApp,
  username: string,
  totp?: string,
  password = TEST_ADMIN_PASSWORD,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/adminLogin/adminLogin',
    payload: { username, password, ...(totp === undefined ? {} : { totp }) },
  });
}

export async function tokenOf(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { 'x-auth-token': token },
    ...(payload ? { payload } : {}),
  });
}

/** Setup and confirm with the current code; returns the secret and the recovery codes. */
export async function enrol(
  t: TestApp,
  token: string,
  clock: ManualClock,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t, 'POST', '/api/staff/totp/setup', token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await call(t, 'POST', '/api/staff/totp/confirm', token, {
    code: codeAt(secret, clock.now()),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

export async function auditRowsFor(t: TestApp, targetId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

// ---------------------------------------------------------------------------------------------
// Invitations (decision 111): the owner invites, the member accepts from the mailed link.

export const MEMBER_PASSWORD = 'member-chosen-password-1';

/** The `nth` (1-based) invitation link mailed to `email`, waited for: its token. */
export async function invitationToken(
  smtp: TestSmtpServer,
  email: string,
  nth = 1,
): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mails = smtp
      .mailTo(email)
      .filter((mail) => mail.text.includes('/staffInvitation#token='));
    const mail = mails[nth - 1];
    if (mail) return linkToken(mail.text, '/staffInvitation');
    if (Date.now() > deadline) throw new Error(`no invitation #${nth} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** POST /api/staff/members as the owner; the member's e-mail is made from the username. */
export async function inviteStaff(
  t: TestApp,
  ownerToken: string,
  {
    role = 'support',
    username = `m-${randomUUID().slice(0, 8)}`,
  }: { role?: StaffRole; username?: string } = {},
) {
  const email = `${username.toLowerCase()}@staff.example`;
  const response = await call(t, 'POST', '/api/staff/members', ownerToken, {
    username,
    email,
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ id: string }>().id, username, email, role };
}

/** The member's side: a secret for their app, then the password and the current code. */
export async function acceptInvitation(
  t: TestApp,
  token: string,
  clock: ManualClock,
  password = MEMBER_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/invitations/totp',
    payload: { token },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const accept = await t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token, password, confirmPassword: password, code: codeAt(secret, clock.now()) },
  });
  expect(accept.statusCode, accept.body).toBe(200);
  return { secret, recoveryCodes: accept.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
