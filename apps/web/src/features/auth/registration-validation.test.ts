import { MESSAGES, type RegisterForm } from '@brokerdesk/shared';
import { describe, expect, it } from 'vitest';
import { checkRegistration } from './registration-validation';

const m = MESSAGES.register;

const valid: RegisterForm = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Example.COM ',
  phone: '0712 345678',
  password: 'secret123',
  confirmPassword: 'secret123',
  country: 'Kenya',
};

describe('checkRegistration', () => {
  it('returns the body the shared schema parses: trimmed, e-mail lower-cased', () => {
    expect(checkRegistration(valid)).toEqual({
      ok: true,
      body: { ...valid, firstName: 'Ada', email: 'ada@example.com', phone: '+254712345678' },
    });
  });

  it('gives each field its first message only (an empty password is required, not too short)', () => {
    const empty = {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      country: '' as RegisterForm['country'],
    };
    expect(checkRegistration(empty)).toEqual({
      ok: false,
      errors: {
        firstName: m.firstNameRequired,
        lastName: m.lastNameRequired,
        email: m.emailRequired,
        phone: m.phoneRequired,
        password: m.passwordRequired,
        confirmPassword: m.confirmRequired,
        country: m.countryRequired,
      },
    });
  });

  it('puts the mismatch under the confirmation while other fields are still invalid', () => {
    const result = checkRegistration({ ...valid, phone: '12ab', confirmPassword: 'secret124' });
    expect(result).toEqual({
      ok: false,
      errors: { phone: m.phoneInvalid('Kenya'), confirmPassword: m.passwordsDiffer },
    });
  });
});
