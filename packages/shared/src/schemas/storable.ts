// What request fields refuse because the database could not store it: each would otherwise reach
// PostgreSQL and come back as a 500 for what is the caller's mistake (found by the hostile-input
// test, issue 7). The refusal names the field, like every other validation message.

/** PostgreSQL text cannot hold U+0000, and no person types one. */
export const NUL_CHARACTER_MESSAGE = 'Contains a character that is not allowed';

export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

// Instants go to PostgreSQL as Date#toISOString(), which writes years outside 0000–9999 with a
// sign ("+275760-09-13T…") that PostgreSQL cannot read, and PostgreSQL has no year 0.
const STORABLE_TIME_MIN = Date.parse('0001-01-01T00:00:00.000Z');
const STORABLE_TIME_MAX = Date.parse('9999-12-31T23:59:59.999Z');

/** A time in milliseconds (Date.parse) that a timestamp column stores as given; NaN is not. */
export function isStorableTime(time: number): boolean {
  return time >= STORABLE_TIME_MIN && time <= STORABLE_TIME_MAX;
}
