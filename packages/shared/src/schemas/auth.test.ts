import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { RegisterBodySchema } from './auth.js';

const m = MESSAGES.register;

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '4915112345678',
  password: 'secret123',
  confirmPassword: 'secret123',
  country: 'Germany',
};

function fieldErrors(input: unknown): Record<string, string[]> {
  const result = RegisterBodySchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

describe('RegisterBodySchema', () => {
  it('accepts a valid registration and normalises the e-mail', () => {
    const parsed = RegisterBodySchema.parse({ ...valid, email: ' Ada@Example.COM ' });
    expect(parsed.email).toBe('ada@example.com');
  });

  it.each([
    ['firstName', m.firstNameRequired],
    ['lastName', m.lastNameRequired],
    ['email', m.emailRequired],
    ['phone', m.phoneRequired],
    ['password', m.passwordRequired],
    ['confirmPassword', m.confirmRequired],
    ['country', m.countryRequired],
  ])('gives the seed message when %s is missing, blank or mistyped', (field, message) => {
    const missing: Record<string, unknown> = { ...valid };
    delete missing[field];
    expect(fieldErrors(missing)[field]).toEqual([message]);
    expect(fieldErrors({ ...valid, [field]: '' })[field]?.[0]).toBe(message);
    expect(fieldErrors({ ...valid, [field]: 12345 })[field]?.[0]).toBe(message);
    if (field !== 'password' && field !== 'confirmPassword') {
      expect(fieldErrors({ ...valid, [field]: '   ' })[field]?.[0]).toBe(message);
    }
  });

  it('reports every missing field at once', () => {
    expect(Object.keys(fieldErrors({})).sort()).toEqual(
      ['confirmPassword', 'country', 'email', 'firstName', 'lastName', 'password', 'phone'].sort(),
    );
  });

  it.each(['ada', 'ada@example', 'ada @example.com', 'ada@exa mple.com', '@example.com'])(
    'rejects the e-mail %j',
    (email) => {
      expect(fieldErrors({ ...valid, email }).email).toEqual([m.emailInvalid]);
    },
  );

  it('requires at least 6 password characters', () => {
    expect(fieldErrors({ ...valid, password: '12345', confirmPassword: '12345' }).password).toEqual(
      [m.passwordTooShort],
    );
    expect(fieldErrors({ ...valid, password: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('says the passwords do not match, even while other fields are invalid', () => {
    expect(fieldErrors({ ...valid, confirmPassword: 'other123' }).confirmPassword).toEqual([
      m.passwordsDiffer,
    ]);
    const errors = fieldErrors({ ...valid, firstName: '', confirmPassword: 'other123' });
    expect(errors.firstName).toEqual([m.firstNameRequired]);
    expect(errors.confirmPassword).toEqual([m.passwordsDiffer]);
  });

  it('refuses a phone number that cannot be one in the chosen country', () => {
    // Formatted numbers are accepted now (issue 16 item 11, decision 107); too short is not.
    expect(fieldErrors({ ...valid, phone: '+49 151' }).phone).toEqual([m.phoneInvalid('Germany')]);
  });

  it('accepts only countries from the fixed list', () => {
    expect(fieldErrors({ ...valid, country: 'Atlantis' }).country).toEqual([m.countryRequired]);
  });

  it('ignores unknown fields and never keeps them', () => {
    const parsed = RegisterBodySchema.parse({ ...valid, isAdmin: true });
    expect(parsed).not.toHaveProperty('isAdmin');
  });

  it('bounds field lengths', () => {
    expect(fieldErrors({ ...valid, firstName: 'a'.repeat(101) }).firstName).toEqual([m.tooLong]);
  });
});
