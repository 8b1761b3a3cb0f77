import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';

// Drizzle wraps the driver error; the SQLSTATE sits on the cause.
const wrapped = (cause: object) => Object.assign(new Error('Failed query'), { cause });

describe('database error recognition', () => {
  it('finds a unique violation on the named constraint through the cause chain', () => {
    const error = wrapped({ code: '23505', constraint: 'clients_email_unique' });
    expect(isUniqueViolation(error, 'clients_email_unique')).toBe(true);
    expect(isUniqueViolation(error, 'clients_referral_code_unique')).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '23503' }), 'clients_email_unique')).toBe(false);
  });

  it('treats statement timeouts and lost connections as unavailable, not other errors', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '57014' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
