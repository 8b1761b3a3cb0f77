import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, staffRecoveryCodes } from '../../db/schema.js';
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

// A missing, wrong or used code gets the answer a wrong password gets (decision 111).
const INVALID = { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials. Please try again.' };
const MISSING = INVALID;
const LOCKED = {
  code: 'LOCKED_OUT',
  message:
    'Too many failed sign-ins for this username. Try again later, or ask an owner to reset your two-factor authentication.',
};

// One clock per app: each test moves it forward only, so codes never repeat across tests.
const clock = manualClock();
const optionalClock = manualClock();
let required: TestApp;
let optional: TestApp;
beforeAll(async () => {
  [required, optional] = await Promise.all([
    createTestApp({ clock }),
    createTestApp({ clock: optionalClock, env: { STAFF_2FA: 'optional' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([required?.close(), optional?.close()]);
});

/** A new operations member with STAFF_2FA=required, enrolled; the clock moved past the step. */
async function enrolledMember() {
  const member = await addStaff(required, 'operations');
  const token = await tokenOf(await staffLogin(required, member.username));
  const enrolment = await enrol(required, token, clock);
  clock.advance(STEP_MS);
  return { ...member, ...enrolment };
}

describe('TOTP enrolment (STAFF_2FA=required)', () => {
  it('setup → wrong code 400 (still not enrolled) → right code: 10 recovery codes, the session becomes full', async () => {
    const member = await addStaff(required, 'operations');
    const token = await tokenOf(await staffLogin(required, member.username));

    const before = await call(required, 'GET', '/api/staff/money-requests', token);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED' });

    const setup = await call(required, 'POST', '/api/staff/totp/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`otpauth://totp/BrokerDesk:${member.username}?`);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=BrokerDesk');

    const wrongCode = codeAt(secret, new Date(clock.now().getTime() - 2 * STEP_MS));
    const wrong = await call(required, 'POST', '/api/staff/totp/confirm', token, {
      code: wrongCode,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: ['That code is not valid; enter the current 6-digit code'] },
    });
    const profile = await call(required, 'GET', '/api/adminDashboard/adminDashboard', token);
    expect(profile.json()).toMatchObject({ totpEnrolled: false });
    expect((await call(required, 'GET', '/api/staff/money-requests', token)).statusCode).toBe(403);

    const confirm = await call(required, 'POST', '/api/staff/totp/confirm', token, {
      code: codeAt(secret, clock.now()),
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);

    const after = await call(required, 'GET', '/api/staff/money-requests', token);
    expect(after.statusCode).toBe(200);
    const enrolledProfile = await call(
      required,
      'GET',
      '/api/adminDashboard/adminDashboard',
      token,
    );
    expect(enrolledProfile.json()).toMatchObject({ totpEnrolled: true });

    // The secret is stored sealed (decision 111), recovery codes only as hashes; the pending
    // secret is gone.
    const [row] = await required.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row).toMatchObject({ totpPendingSecret: null });
    expect(row?.totpSecret).toMatch(/^enc:v1:/);
    expect(row?.totpSecret).not.toContain(secret);
    const stored = await required.database.db
      .select({ codeHash: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, member.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes).not.toContain(codeHash);
    }

    const audit = await auditRowsFor(required, member.id);
    expect(audit.map((entry) => entry.action)).toEqual(['staff.totp.setup', 'staff.totp.enrol']);
    expect(audit[1]).toMatchObject({ staffUsername: member.username, targetType: 'staff' });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('answers 409 to setup and confirm once enrolled, and the secret stays', async () => {
    const member = await addStaff(required, 'support');
    const token = await tokenOf(await staffLogin(required, member.username));
    const { secret } = await enrol(required, token, clock);
    const setup = await call(required, 'POST', '/api/staff/totp/setup', token);
    expect(setup.statusCode).toBe(409);
    expect(setup.json()).toEqual({
      code: 'CONFLICT',
      message: 'Two-factor authentication is already set up',
    });
    const confirm = await call(required, 'POST', '/api/staff/totp/confirm', token, {
      code: codeAt(secret, clock.now()),
    });
    expect(confirm.statusCode).toBe(409);
    // The secret stays: the member still signs in with codes from the same app.
    clock.advance(STEP_MS);
    expect(
      (await staffLogin(required, member.username, codeAt(secret, clock.now()))).statusCode,
    ).toBe(200);
  });

  it('answers 409 to confirm before setup and 400 to a code that is not 6 digits', async () => {
    const member = await addStaff(required, 'support');
    const token = await tokenOf(await staffLogin(required, member.username));
    const early = await call(required, 'POST', '/api/staff/totp/confirm', token, {
      code: '123456',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONFLICT' });
    const malformed = await call(required, 'POST', '/api/staff/totp/confirm', token, {
      code: '12345',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      fields: { code: ['Enter the 6-digit code from your authenticator app'] },
    });
  });

  it('answers 401 to the TOTP calls without a token', async () => {
    const response = await required.app.inject({ method: 'POST', url: '/api/staff/totp/setup' });
    expect(response.statusCode).toBe(401);
  });
});

describe('staff login with TOTP', () => {
  it('answers a missing code as a wrong password (401 INVALID_CREDENTIALS); a valid one gives a full session', async () => {
    const member = await enrolledMember();
    const missing = await staffLogin(required, member.username);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(MISSING);

    const token = await tokenOf(
      await staffLogin(required, member.username, codeAt(member.secret, clock.now())),
    );
    expect((await call(required, 'GET', '/api/staff/money-requests', token)).statusCode).toBe(200);
    const [row] = await required.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.lastLoginAt?.getTime()).toBe(clock.now().getTime());
  });

  it('refuses a code used before (replay) and one from two steps ago; accepts ±1 step', async () => {
    const member = await enrolledMember();
    clock.advance(10 * STEP_MS);
    const at = (steps: number) =>
      codeAt(member.secret, new Date(clock.now().getTime() + steps * STEP_MS));

    expect((await staffLogin(required, member.username, at(-2))).json()).toEqual(INVALID);
    expect((await staffLogin(required, member.username, at(-1))).statusCode).toBe(200);
    expect((await staffLogin(required, member.username, at(-1))).json()).toEqual(INVALID);
    expect((await staffLogin(required, member.username, at(0))).statusCode).toBe(200);
    const replay = await staffLogin(required, member.username, at(0));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID);
    expect((await staffLogin(required, member.username, at(1))).statusCode).toBe(200);
    // Once a later step was accepted, an earlier one is a replay even inside the window.
    expect((await staffLogin(required, member.username, at(0))).json()).toEqual(INVALID);
    expect((await staffLogin(required, member.username, at(2))).json()).toEqual(INVALID);
  });

  it('lets only one of two logins racing with the same code in', async () => {
    const member = await enrolledMember();
    const code = codeAt(member.secret, clock.now());
    const responses = await Promise.all([
      staffLogin(required, member.username, code),
      staffLogin(required, member.username, code),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, in any case', async () => {
    const member = await enrolledMember();
    const [first, second] = member.recoveryCodes;
    if (!first || !second) throw new Error('no recovery codes');
    expect((await staffLogin(required, member.username, first.toLowerCase())).statusCode).toBe(200);
    const again = await staffLogin(required, member.username, first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID);
    expect((await staffLogin(required, member.username, second)).statusCode).toBe(200);
    expect((await staffLogin(required, member.username, 'ABCDE-FGHJK')).json()).toEqual(INVALID);
  });

  it("refuses another member's recovery code", async () => {
    const [one, other] = [await enrolledMember(), await enrolledMember()];
    const response = await staffLogin(required, one.username, other.recoveryCodes[0]);
    expect(response.json()).toEqual(INVALID);
  });

  it('locks the username after 10 wrong codes (429), even to a right one, until 15 minutes have passed', async () => {
    const member = await enrolledMember();
    const bystander = await enrolledMember();
    const wrong = codeAt(member.secret, new Date(clock.now().getTime() - 5 * STEP_MS));
    for (let i = 0; i < 10; i += 1) {
      const response = await staffLogin(required, member.username, wrong);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
    }
    const eleventh = await staffLogin(
      required,
      member.username,
      codeAt(member.secret, clock.now()),
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(LOCKED);
    expect(eleventh.headers['retry-after']).toBe('900');
    expect((await staffLogin(required, member.username, member.recoveryCodes[0])).statusCode).toBe(
      429,
    );
    // Per staff member: someone else signs in as usual.
    expect(
      (await staffLogin(required, bystander.username, codeAt(bystander.secret, clock.now())))
        .statusCode,
    ).toBe(200);

    clock.advance(15 * 60 * 1000);
    expect(
      (await staffLogin(required, member.username, codeAt(member.secret, clock.now()))).statusCode,
    ).toBe(200);
  });

  it('resets the count after a successful login', async () => {
    const member = await enrolledMember();
    const wrong = codeAt(member.secret, new Date(clock.now().getTime() - 5 * STEP_MS));
    for (let i = 0; i < 9; i += 1) await staffLogin(required, member.username, wrong);
    expect((await staffLogin(required, member.username, member.recoveryCodes[0])).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 9; i += 1) await staffLogin(required, member.username, wrong);
    expect((await staffLogin(required, member.username, member.recoveryCodes[1])).statusCode).toBe(
      200,
    );
  });

  it('answers a wrong password with a right code as invalid credentials too', async () => {
    const member = await enrolledMember();
    const response = await staffLogin(
      required,
      member.username,
      codeAt(member.secret, clock.now()),
      'wrong-password-123',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});

describe('STAFF_2FA=optional', () => {
  it('gives a full session before enrolment; once enrolled the code is required', async () => {
    const member = await addStaff(optional, 'operations');
    const token = await tokenOf(await staffLogin(optional, member.username));
    expect((await call(optional, 'GET', '/api/staff/money-requests', token)).statusCode).toBe(200);
    const { secret } = await enrol(optional, token, optionalClock);
    optionalClock.advance(STEP_MS);
    expect((await staffLogin(optional, member.username)).json()).toEqual(MISSING);
    expect(
      (await staffLogin(optional, member.username, codeAt(secret, optionalClock.now()))).statusCode,
    ).toBe(200);
  });
});
