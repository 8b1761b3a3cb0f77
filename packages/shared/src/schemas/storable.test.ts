// Every request field that reaches the database refuses what PostgreSQL cannot store, with the
// field's name, so the API answers 400 instead of 500 (found by the hostile-input test).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { AdminLoginBodySchema, LoginBodySchema, RegisterBodySchema } from './auth.js';
import { PasswordResetRequestBodySchema } from './account-security.js';
import { AuditQuerySchema, ClientListQuerySchema, TicketReplyBodySchema } from './back-office.js';
import {
  ReasonBodySchema,
  OriginSubscriptionBodySchema,
  OriginTransactionBodySchema,
  StaffPostingBodySchema,
} from './money.js';
import { NUL_CHARACTER_MESSAGE } from './storable.js';
import { SupportBodySchema } from './support.js';
import { StaffClosePositionBodySchema, StaffCorrectDealBodySchema } from './trading.js';

const USER_ID = '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f';

function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (fields[String(issue.path[0])] ??= []).push(issue.message);
  return fields;
}

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '4915112345678',
  password: 'secret123',
  confirmPassword: 'secret123',
  country: 'Germany',
};

// [schema name, the text field that gets a NUL character, schema, a valid input]
const TEXT_FIELDS: [string, string, z.ZodType, Record<string, unknown>][] = [
  ['RegisterBody', 'firstName', RegisterBodySchema, registration],
  ['RegisterBody', 'lastName', RegisterBodySchema, registration],
  ['RegisterBody', 'email', RegisterBodySchema, registration],
  ['RegisterBody', 'ref', RegisterBodySchema, { ...registration, ref: 'ABCD2345' }],
  ['LoginBody', 'email', LoginBodySchema, { email: 'ada@example.com', password: 'x' }],
  ['AdminLoginBody', 'username', AdminLoginBodySchema, { username: 'admin', password: 'x' }],
  ['PasswordResetRequestBody', 'email', PasswordResetRequestBodySchema, { email: 'a@b.co' }],
  ['SupportBody', 'subject', SupportBodySchema, { subject: 'Hi', message: 'Hello' }],
  ['SupportBody', 'message', SupportBodySchema, { message: 'Hello' }],
  ['SupportBody', 'email', SupportBodySchema, { message: 'Hello', email: 'a@b.co' }],
  ['TicketReplyBody', 'message', TicketReplyBodySchema, { message: 'Done' }],
  ['ReasonBody', 'reason', ReasonBodySchema, { reason: 'Duplicate' }],
  ['StaffClosePositionBody', 'reason', StaffClosePositionBodySchema, { reason: 'Risk limit' }],
  [
    'StaffCorrectDealBody',
    'reason',
    StaffCorrectDealBodySchema,
    { price: '1.10020', reason: 'Bad tick' },
  ],
  [
    'StaffPostingBody',
    'reason',
    StaffPostingBodySchema,
    { type: 'adjustment', direction: 'credit', amountMinor: 100, reason: 'Fix' },
  ],
  [
    'OriginSubscriptionBody',
    'planName',
    OriginSubscriptionBodySchema,
    { userId: USER_ID, planName: 'Gold', amount: 0, duration: 30 },
  ],
  [
    'OriginSubscriptionBody',
    'status',
    OriginSubscriptionBodySchema,
    { userId: USER_ID, planName: 'Gold', amount: 0, duration: 30, status: 'Paused' },
  ],
  ['ClientListQuery', 'q', ClientListQuerySchema, { q: 'ada' }],
  ['AuditQuery', 'staff', AuditQuerySchema, { staff: 'admin' }],
  ['AuditQuery', 'action', AuditQuerySchema, { action: 'deposit.' }],
  ['AuditQuery', 'targetId', AuditQuerySchema, { targetId: USER_ID }],
];

describe('text the database cannot store', () => {
  it.each(TEXT_FIELDS)('%s refuses a NUL character in %s', (_name, field, schema, valid) => {
    expect(fieldErrors(schema, valid)).toEqual({});
    const value = String(valid[field]);
    for (const tainted of [
      `${value}\u0000`,
      `\u0000${value}`,
      `${value.slice(0, 1)}\u0000${value.slice(1)}`,
    ]) {
      expect(fieldErrors(schema, { ...valid, [field]: tainted })[field]).toContain(
        NUL_CHARACTER_MESSAGE,
      );
    }
  });

  it('still accepts other unicode, tabs and new lines', () => {
    const message = 'Line one\nLine\ttwo — café 👩‍💻 \u202Eright-to-left';
    expect(fieldErrors(SupportBodySchema, { subject: 'Zoë', message })).toEqual({});
  });
});

describe('dates the database cannot store', () => {
  const seedTransaction = { userId: USER_ID, type: 'Bonus', amount: 1 };

  it.each(['+275760-09-13T00:00:00Z', '-010000-01-01', '0000-01-01', '1899-12-31T23:59:59Z'])(
    "refuses the seed date %j (Date.parse reads it; PostgreSQL or the plan's end could not)",
    (date) => {
      expect(fieldErrors(OriginTransactionBodySchema, { ...seedTransaction, date }).date).toEqual([
        MESSAGES.money.dateInvalid,
      ]);
      const plan = { userId: USER_ID, planName: 'Gold', amount: 0, duration: 3650 };
      expect(
        fieldErrors(OriginSubscriptionBodySchema, { ...plan, startDate: date }).startDate,
      ).toEqual([MESSAGES.money.dateInvalid]);
    },
  );

  it('accepts seed dates from 1900 to 2999 and an empty one', () => {
    for (const date of ['1900-01-01T00:00:00Z', '2026-11-22', '2999-12-31T23:59:59Z', '']) {
      expect(fieldErrors(OriginTransactionBodySchema, { ...seedTransaction, date })).toEqual({});
    }
  });

  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00'])(
    'refuses the audit filter %j, outside years 1 to 9999 once in UTC',
    (time) => {
      expect(fieldErrors(AuditQuerySchema, { from: time }).from).toEqual([
        'from must be an ISO date-time',
      ]);
      expect(fieldErrors(AuditQuerySchema, { to: time }).to).toEqual([
        'to must be an ISO date-time',
      ]);
    },
  );

  it('accepts audit filters at the ends of that range', () => {
    expect(
      fieldErrors(AuditQuerySchema, { from: '0001-01-01T00:00:00Z', to: '9999-12-31T23:59:59Z' }),
    ).toEqual({});
  });
});
