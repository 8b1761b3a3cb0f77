// The phone rule of registration (decision 107): read what people type in the context of the
// country they chose, and keep the number in E.164 (`+4915123456789`).
//
// `libphonenumber-js/min` on purpose: the rule is "a possible number" (the right length for its
// country), which the smallest metadata set decides exactly as the full one does. The full
// set's stricter digit patterns refuse numbers that people do have or type (the issue's
// "0151-2345678"; the UK's 07700 900xxx range kept for examples) and go stale as ranges open.
import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js/min';
import type { CountryIsoCode } from './catalog/countries-iso.js';

/** Digits, with spaces, dashes, dots and parentheses between them and an optional leading +. */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;

/** What can be read at all: a possible number (right length) with a known calling code. */
function possible(number: PhoneNumber | undefined): PhoneNumber | undefined {
  return number?.isPossible() ? number : undefined;
}

/**
 * A number written without a leading +: national for `country`, unless its digits start with
 * the country's calling code ("4915123456789" for Germany) — then it is read as international.
 * The one exception keeps a national number that merely starts with those digits (an Italian
 * mobile "392 123 4567" beside Italy's +39): when the national reading is a valid number and the
 * international one is not, the national reading wins.
 */
function readWithoutPlus(digits: string, country: CountryIsoCode): PhoneNumber | undefined {
  const national = possible(parsePhoneNumberFromString(digits, country));
  if (!digits.startsWith(getCountryCallingCode(country))) return national;
  const international = possible(parsePhoneNumberFromString(`+${digits}`));
  if (!international) return national;
  if (national?.isValid() && !international.isValid()) return national;
  return international;
}

/**
 * The E.164 form of `input` as typed by someone who chose `country`, or `undefined` when it is
 * not a possible phone number there. A leading + (or the country's international prefix, such
 * as 00) makes the number international, whatever the country chosen.
 */
export function phoneToE164(input: string, country: CountryIsoCode): string | undefined {
  const text = input.trim();
  if (!TYPED_PHONE.test(text) || !/\d/.test(text)) return undefined;
  const number = text.startsWith('+')
    ? possible(parsePhoneNumberFromString(text))
    : readWithoutPlus(text.replace(/\D/g, ''), country);
  return number?.number;
}
