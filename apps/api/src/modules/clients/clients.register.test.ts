import { MESSAGES } from '@brokerdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema.js';
import { createTestApp, registrationBody } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

const m = MESSAGES.register;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function findClient(email: string) {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.email, email));
  return row;
}

interface ValidationBody {
  message: string;
  code: string;
  fields: Record<string, string[]>;
}

describe('POST /api/userRegister/send', () => {
  it('creates the account and answers 201 with the seed message', async () => {
    const response = await t.register();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Registration successful' });
  });

  it('accepts the same payload on the second registration path /api/email/send', async () => {
    const body = registrationBody();
    const response = await t.app.inject({ method: 'POST', url: '/api/email/send', payload: body });
    expect(response.statusCode).toBe(201);
    expect(await findClient(body.email)).toBeDefined();
  });

  const missing: [string, string][] = [
    ['firstName', m.firstNameRequired],
    ['lastName', m.lastNameRequired],
    ['email', m.emailRequired],
    ['phone', m.phoneRequired],
    ['password', m.passwordRequired],
    ['confirmPassword', m.confirmRequired],
    ['country', m.countryRequired],
  ];

  it.each(missing)(
    'answers 400 with the seed message when %s is missing',
    async (field, message) => {
      const body: Record<string, unknown> = registrationBody();
      delete body[field];
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/userRegister/send',
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      const json = response.json<ValidationBody>();
      expect(json.code).toBe('VALIDATION_FAILED');
      expect(json.message).toBe(message);
      expect(json.fields[field]).toEqual([message]);
    },
  );

  it.each([
    ['firstName', 123, m.firstNameRequired],
    ['lastName', null, m.lastNameRequired],
    ['email', true, m.emailRequired],
    ['phone', 447700900123, m.phoneRequired],
    ['password', 123456, m.passwordRequired],
    ['confirmPassword', ['x'], m.confirmRequired],
    ['country', 7, m.countryRequired],
  ])(
    'answers 400 with the seed message when %s has the wrong type (%j)',
    async (field, value, message) => {
      const response = await t.register({ [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json<ValidationBody>().fields[field]).toContain(message);
    },
  );

  it.each([
    ['firstName', '   ', m.firstNameRequired],
    ['lastName', '', m.lastNameRequired],
    ['email', ' ', m.emailRequired],
    ['phone', '', m.phoneRequired],
    ['password', '', m.passwordRequired],
    ['country', '', m.countryRequired],
  ])('answers 400 with the seed message when %s is blank', async (field, value, message) => {
    const response = await t.register({ [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<ValidationBody>().fields[field]).toContain(message);
  });

  it('lists every seed message for an empty body, the first one as the message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/userRegister/send' });
    expect(response.statusCode).toBe(400);
    const json = response.json<ValidationBody>();
    expect(json.message).toBe(m.firstNameRequired);
    for (const [field, message] of missing) expect(json.fields[field]).toEqual([message]);
  });

  it.each([
    ['email', 'not-an-email', m.emailInvalid],
    ['email', 'ada lovelace@example.com', m.emailInvalid],
    ['phone', '+44 7700', m.phoneInvalid('United Kingdom')],
    ['country', 'Atlantis', m.countryRequired],
  ])('rejects %s %j with the seed message', async (field, value, message) => {
    const response = await t.register({ [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<ValidationBody>().fields[field]).toContain(message);
  });

  it('rejects a password shorter than 6 characters', async () => {
    const response = await t.register({ password: 'abc', confirmPassword: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ValidationBody>().fields.password).toEqual([m.passwordTooShort]);
  });

  it("answers 'Passwords do not match' on confirmPassword", async () => {
    const response = await t.register({ password: 'secret-one', confirmPassword: 'secret-two' });
    expect(response.statusCode).toBe(400);
    const json = response.json<ValidationBody>();
    expect(json.message).toBe('Passwords do not match');
    expect(json.fields).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('answers 409 for an e-mail that is already registered, whatever its case', async () => {
    const body = registrationBody({ email: `Mixed.Case-${Date.now()}@Example.com` });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    const again = await t.register({ email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Email already registered', code: 'EMAIL_TAKEN' });
  });

  it('lets exactly one of several simultaneous registrations of one e-mail through', async () => {
    const body = registrationBody();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/userRegister/send', payload: body }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ message: 'Email already registered', code: 'EMAIL_TAKEN' });
    }
  });

  it('stores the e-mail lower-case, the password as argon2id and never the confirmation', async () => {
    const body = registrationBody({ email: `Store-${Date.now()}@Example.COM` });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/userRegister/send', payload: body }))
        .statusCode,
    ).toBe(201);
    const row = await findClient(body.email.toLowerCase());
    expect(row).toBeDefined();
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row?.passwordHash).not.toContain(body.password);
    expect(JSON.stringify(row)).not.toContain(body.password);
    expect(row?.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(row?.emailVerifiedAt).toBeNull();
    expect(Object.keys(row ?? {})).not.toContain('confirmPassword');
  });

  it('answers 400, not 500, for a NUL character in a name or the e-mail, creating no account', async () => {
    for (const field of ['firstName', 'email'] as const) {
      const body = registrationBody();
      const response = await t.register({ ...body, [field]: `${body[field]}\u0000` });
      expect(response.statusCode).toBe(400);
      expect(response.json<ValidationBody>().fields[field]).toEqual([
        'Contains a character that is not allowed',
      ]);
      expect(await findClient(body.email)).toBeUndefined();
    }
  });

  it('ignores unknown fields', async () => {
    const body = { ...registrationBody(), role: 'owner', isAdmin: true, balance: 1_000_000 };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      payload: body,
    });
    expect(response.statusCode).toBe(201);
  });

  it('records the referrer when ref is a client referral code and ignores an unknown one', async () => {
    const referrer = await t.createClient();
    const referrerRow = await findClient(referrer.email);
    if (!referrerRow) throw new Error('referrer not stored');

    const referred = registrationBody({ ref: referrerRow.referralCode.toLowerCase() });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/userRegister/send', payload: referred }))
        .statusCode,
    ).toBe(201);
    expect((await findClient(referred.email))?.referredBy).toBe(referrerRow.id);

    const stray = registrationBody({ ref: 'NOSUCHCODE' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/userRegister/send', payload: stray }))
        .statusCode,
    ).toBe(201);
    expect((await findClient(stray.email))?.referredBy).toBeNull();
  });
});
