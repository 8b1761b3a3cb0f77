import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './catalog/countries-iso.js';
import { COUNTRIES, type Country } from './catalog/countries.js';
import { MESSAGES } from './messages.js';
import { phoneToE164 } from './phone.js';
import { RegisterBodySchema } from './schemas/auth.js';

const m = MESSAGES.register;

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
};

function register(phone: unknown, country: Country) {
  return RegisterBodySchema.safeParse({ ...registration, phone, country });
}

function phoneErrors(phone: unknown, country: Country): string[] {
  const result = register(phone, country);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === 'phone').map((i) => i.message);
}

describe('registration phone numbers (issue 16, decision 107)', () => {
  it.each([
    // What the issue's visitor typed, refused before as "digits only".
    ['+49 151 23456789', 'Germany', '+4915123456789'],
    ['0151-2345678', 'Germany', '+491512345678'],
    // Digits only: national, or international when it starts with the country's calling code.
    ['015123456789', 'Germany', '+4915123456789'],
    ['4915123456789', 'Germany', '+4915123456789'],
    ['0151.2345.6789', 'Germany', '+4915123456789'],
    ['0049 151 23456789', 'Germany', '+4915123456789'],
    ['(212) 555-0123', 'United States', '+12125550123'],
    ['2125550123', 'United States', '+12125550123'],
    ['12125550123', 'United States', '+12125550123'],
    ['+1 212-555-0123', 'United States', '+12125550123'],
    ['020 7946 0958', 'United Kingdom', '+442079460958'],
    ['07700 900123', 'United Kingdom', '+447700900123'],
    ['447700900123', 'United Kingdom', '+447700900123'],
    ['+44 (0)20 7946 0958', 'United Kingdom', '+442079460958'],
    ['254700000000', 'Kenya', '+254700000000'],
    // An Italian mobile that starts with 39 stays national: +39 21234567 is no Italian number.
    ['392 123 4567', 'Italy', '+393921234567'],
    ['393921234567', 'Italy', '+393921234567'],
    // A leading + is international whatever the country chosen (a UK mobile of a German resident).
    ['+44 7911 123456', 'Germany', '+447911123456'],
  ] as const)('stores %j with %s as %s', (phone, country, e164) => {
    const result = register(phone, country);
    expect(result.success && result.data.phone).toBe(e164);
  });

  it('keeps an E.164 number as it is, so the API reads what the form sends the same way', () => {
    for (const e164 of ['+4915123456789', '+12125550123', '+447700900123']) {
      expect(phoneToE164(e164, 'DE')).toBe(e164);
    }
  });

  it.each([
    ['abc', 'Germany'],
    ['12ab', 'Kenya'],
    ['---', 'Germany'],
    ['+49 151', 'Germany'],
    ['123', 'Germany'],
    ['5550100', 'United States'],
    ['447700900123', 'Kenya'],
    ['++49 151 23456789', 'Germany'],
    ['49+15123456789', 'Germany'],
    ['0151/2345678', 'Germany'],
    ['+999 123456789', 'Germany'],
    ['1234567890123456', 'Germany'],
    ['0151 2345678 ext. 12', 'Germany'],
  ] as const)('refuses %j with %s, naming the country', (phone, country) => {
    expect(phoneErrors(phone, country)).toEqual([m.phoneInvalid(country)]);
  });

  it('says "Please enter a valid phone number for Germany"', () => {
    expect(phoneErrors('+49 151', 'Germany')).toEqual([
      'Please enter a valid phone number for Germany',
    ]);
  });

  it("keeps the origin's message for a missing or blank phone", () => {
    expect(phoneErrors('', 'Germany')).toEqual([m.phoneRequired]);
    expect(phoneErrors('   ', 'Germany')).toEqual([m.phoneRequired]);
    expect(phoneErrors(undefined, 'Germany')).toEqual([m.phoneRequired]);
  });

  it('checks the phone beside other invalid fields, and waits for a country to read it with', () => {
    const withBlankName = RegisterBodySchema.safeParse({
      ...registration,
      firstName: '',
      phone: 'abc',
      country: 'Germany',
    });
    expect(withBlankName.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['firstName', m.firstNameRequired],
      ['phone', m.phoneInvalid('Germany')],
    ]);
    const withoutCountry = RegisterBodySchema.safeParse({ ...registration, phone: 'abc' });
    expect(withoutCountry.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['country', m.countryRequired],
    ]);
  });

  it('has an ISO 3166 code with phone metadata for every registration country', () => {
    expect(Object.keys(COUNTRY_CODES)).toEqual([...COUNTRIES]);
    expect(new Set(Object.values(COUNTRY_CODES)).size).toBe(COUNTRIES.length);
    for (const code of Object.values(COUNTRY_CODES)) expect(isSupportedCountry(code)).toBe(true);
    expect(COUNTRY_CODES.Germany).toBe('DE');
    expect(getCountryCallingCode(COUNTRY_CODES['United Kingdom'])).toBe('44');
  });
});
