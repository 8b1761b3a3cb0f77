// Hostile request parts for plugins/hostile-input.test.ts (see ../hostile-arbitraries.ts).
import { PLANS } from '@brokerdesk/shared';
import fc from 'fast-check';
import { JsonObject, PoolRef } from './wire.js';
import type { PoolName, Tpl } from './wire.js';
// ---------------------------------------------------------------------------------------------
// Valid values, from the route's schema and what its fields mean

/** The part of JSON Schema the OpenAPI document of zod schemas uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

export const ref = (pool: PoolName) => fc.nat().map((index) => new PoolRef(pool, index));
export const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
export const words = fc
  .array(fc.constantFrom('deposit', 'help', 'please', 'account', 'Ada', 'refund', 'café', '42'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(' '));
export const futureDay = fc.integer({ min: 0, max: 400 }).map((days) => {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
});
/** An ordinary instant of this decade, as ISO text. */
export const recentInstant = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());
/** Dates the schema accepts (Date.parse reads them), ordinary and far out. */
export const businessDate = fc.oneof(
  {
    weight: 4,
    arbitrary: recentInstant,
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '-010000-01-01',
      '-271821-04-20T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '0000-01-01',
      '2024-02-30',
      '9999-12-31T23:59:59Z',
      '',
    ),
  },
);
/** ISO date-times with an offset, as the audit filters take them, including the far ends. */
export const auditTime = fc.oneof(
  {
    weight: 4,
    arbitrary: recentInstant,
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '9999-12-31T23:59:59-14:00',
      '1000-01-01T00:00:00Z',
    ),
  },
);
/** Never the fuzzed client's address: wrong passwords for it would lock the client out. */
export const freshEmail = hex(12).map((id) => `fuzz-${id}@example.com`);
export const password = fc.string({ minLength: 6, maxLength: 24 }).map((text) => `pw-${text}`);

/**
 * What the schema cannot say: values that mean something to the app (a real client id, the
 * client's password, a plan that exists). Keyed by field, or by "METHOD url field".
 */
export const FIELD_HINTS: Readonly<Record<string, fc.Arbitrary<Tpl>>> = {
  email: fc.oneof(
    { weight: 4, arbitrary: freshEmail },
    { weight: 1, arbitrary: ref('clientEmail') },
  ),
  'POST /api/userLogin/send email': freshEmail,
  password,
  newPassword: password,
  currentPassword: fc.oneof(ref('clientPassword'), password),
  firstName: fc.constantFrom('Ada', 'Grace', 'Zoë', 'Nguyễn'),
  lastName: fc.constantFrom('Lovelace', 'Hopper', "O'Brien", 'García'),
  phone: fc.stringMatching(/^\d{6,15}$/),
  ref: ref('referralCode'),
  token: fc
    .base64String({ minLength: 44, maxLength: 44 })
    .map((text) =>
      text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '').slice(0, 43).padEnd(43, 'A'),
    ),
  username: fc.stringMatching(/^[A-Za-z0-9._-]{3,20}$/).map((name) => `fuzz.${name}`),
  code: fc.stringMatching(/^\d{6}$/),
  totp: fc.stringMatching(/^\d{6}$/),
  subject: words,
  message: words,
  reason: words,
  q: fc.constantFrom('ada', 'example.com', 'Lovelace', 'fuzz'),
  amountMinor: fc.integer({ min: 1, max: 200_000 }),
  destination: fc.constantFrom('GB33BUKB20201555555555', 'bc1qfuzz0address', 'ada@wallet.example'),
  planId: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...PLANS.map((plan) => plan.id)) },
    { weight: 1, arbitrary: fc.constant('no-such-plan') },
  ),
  userId: ref('clientId'),
  'POST /api/transactions/transaction type': fc.constantFrom(
    'Deposit',
    'Withdrawal',
    'Profit',
    'Bonus',
    'RefBonus',
    'Adjustment',
  ),
  'POST /api/transactions/transaction status': fc.constantFrom('Completed', 'Pending', 'Failed'),
  'POST /api/subscribe/create status': fc.constantFrom('Active', 'Completed', 'Paused'),
  amount: fc.oneof(
    fc.integer({ min: 1, max: 5_000 }),
    fc.constantFrom('250', '250.50', '0.01', '1000'),
  ),
  profitPercent: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant('2.5')),
  duration: fc.oneof(fc.integer({ min: 1, max: 365 }), fc.constant('30')),
  date: businessDate,
  from: auditTime,
  to: auditTime,
  startDate: businessDate,
  endDate: businessDate,
  'POST /api/reminders date': futureDay,
  timeZone: fc.constantFrom('Europe/London', 'America/New_York', 'UTC', 'Asia/Kolkata'),
  cursor: ref('anyId'),
};

export function hintFor(routeKey: string, field: string): fc.Arbitrary<Tpl> | undefined {
  return FIELD_HINTS[`${routeKey} ${field}`] ?? FIELD_HINTS[field];
}

export function fromPattern(pattern: string): fc.Arbitrary<string> | null {
  try {
    const arbitrary = fc.stringMatching(new RegExp(pattern));
    fc.sample(arbitrary, { seed: 0, numRuns: 1 });
    return arbitrary;
  } catch {
    return null;
  }
}

/** A value the schema accepts, as far as a JSON Schema can tell. */
export function validFromSchema(schema: JsonSchema): fc.Arbitrary<Tpl> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Tpl[]));
  if (schema.anyOf?.[0]) return validFromSchema(schema.anyOf[0]);
  if (schema.format === 'uuid') return ref('anyId');
  switch (schema.type) {
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? 0,
        max: Math.min(schema.maximum ?? 1_000, 1_000),
      });
    case 'number':
      return fc.integer({
        min: schema.minimum ?? 0,
        max: Math.min(schema.maximum ?? 1_000, 1_000),
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validFromSchema(schema.items ?? {}), { maxLength: 3 });
    case 'object':
      return validObject(schema, '');
    default: {
      const fromRegex = schema.pattern ? fromPattern(schema.pattern) : null;
      if (fromRegex) return fromRegex;
      const minLength = schema.minLength ?? 1;
      return fc.string({
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 20, 20)),
      });
    }
  }
}

export function validField(routeKey: string, field: string, schema: JsonSchema): fc.Arbitrary<Tpl> {
  return hintFor(routeKey, field) ?? validFromSchema(schema);
}

/** Every required field and some optional ones, each valid; paired fields agree. */
export function validObject(schema: JsonSchema | null, routeKey: string): fc.Arbitrary<JsonObject> {
  const properties = Object.entries(schema?.properties ?? {});
  const required = new Set(schema?.required ?? []);
  const fields = properties.map(([name, fieldSchema]) =>
    fc
      .tuple(
        validField(routeKey, name, fieldSchema),
        required.has(name) ? fc.constant(true) : fc.boolean(),
      )
      .map(([value, present]) => (present ? ([name, value] as const) : null)),
  );
  return fc.tuple(...fields).map((entries) => {
    const present = entries.filter((entry): entry is readonly [string, Tpl] => entry !== null);
    const byName = new Map(present);
    // The confirmation must repeat the new password, or a valid body is never valid.
    const confirmed = byName.get('newPassword') ?? byName.get('password');
    return new JsonObject(
      present.map(([name, value]) =>
        name === 'confirmPassword' && confirmed !== undefined ? [name, confirmed] : [name, value],
      ),
    );
  });
}
