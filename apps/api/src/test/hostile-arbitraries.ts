// Hostile request parts for the hostile-input property test (plugins/hostile-input.test.ts,
// issue 7 item 4): JSON bodies built from a route's body schema (the zod schema, as the app's
// OpenAPI document describes it) with valid values mutated, fully random JSON, malformed JSON,
// wrong content types and oversized bodies; query strings, path parameters, headers and
// callers. Values that only the running app knows (real ids, the client's password) are drawn
// as references (PoolRef) and picked when the request is sent, so a seed replays the same picks.
import { PLANS } from '@brokerdesk/shared';
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// A JSON value as it goes over the wire

/** A JSON object as a list of entries: duplicate keys and `__proto__` stay exactly as sent. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, Tpl])[]) {}
}

/** JSON text written as is: numbers JSON.stringify cannot write (1e400, -0, 1E+2). */
export class RawJson {
  constructor(readonly text: string) {}
}

export const POOL_NAMES = [
  'clientId',
  'transactionId',
  'documentId',
  'ticketId',
  'staffId',
  'sessionId',
  'anyId',
  'clientEmail',
  'clientPassword',
  'referralCode',
] as const;
export type PoolName = (typeof POOL_NAMES)[number];

/** A value of the running app (a real id, the client's current password), picked when sent. */
export class PoolRef {
  constructor(
    readonly pool: PoolName,
    readonly index: number,
  ) {}
}

/** A valid string (or a real value) with something hostile around it: it still looks right. */
export class Tainted {
  constructor(
    readonly base: string | PoolRef | Tainted,
    readonly before: string,
    readonly after: string,
  ) {}
}

export type Tpl =
  | null
  | boolean
  | number
  | string
  | RawJson
  | PoolRef
  | Tainted
  | JsonObject
  | readonly Tpl[]
  | { readonly [key: string]: Tpl };

export type Pools = Readonly<Record<PoolName, readonly string[]>>;

export function resolveRef(ref: PoolRef, pools: Pools): string {
  const pool = pools[ref.pool];
  return pool[ref.index % Math.max(1, pool.length)] ?? '00000000-0000-4000-8000-000000000000';
}

export function resolveText(value: string | PoolRef | Tainted, pools: Pools): string {
  if (typeof value === 'string') return value;
  if (value instanceof Tainted)
    return `${value.before}${resolveText(value.base, pools)}${value.after}`;
  return resolveRef(value, pools);
}

export function toJsonText(value: Tpl, pools: Pools): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof PoolRef || value instanceof Tainted) {
    return JSON.stringify(resolveText(value, pools));
  }
  if (value instanceof JsonObject) {
    const members = value.entries.map(([key, item]) => {
      return `${JSON.stringify(key)}:${toJsonText(item, pools)}`;
    });
    return `{${members.join(',')}}`;
  }
  if (Array.isArray(value)) {
    return `[${(value as readonly Tpl[]).map((item) => toJsonText(item, pools)).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    return toJsonText(new JsonObject(Object.entries(value)), pools);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the bytes of an
 * invalid UTF-8 sequence, which is what a hostile client would send.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(index, index + 2));
        index += 1;
        continue;
      }
      out += '%ED%A0%80';
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      out += '%ED%B0%80';
    } else {
      out += encodeURIComponent(text[index] ?? '');
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

export const SQL_FRAGMENTS = [
  "'; drop table clients; --",
  "' or '1'='1' --",
  "1' union select password_hash, token_hash from staff, sessions --",
  "'); delete from ledger_transfers; --",
  '1; select pg_sleep(10); --',
  '$$; drop table audit_log; $$',
  "admin'--",
  '"; drop table sessions; --',
  "%' and 1=1 --",
  '%_%',
  '\\',
  "E'\\\\x00'",
  "' || (select version()) || '",
] as const;

export const HTML_FRAGMENTS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(document.cookie)',
  '{{constructor.constructor("alert(1)")()}}',
  '${process.exit(1)}',
  '</textarea></title><script>x</script>',
  '&lt;b&gt;&amp;&#0;&#x27;',
  '<!--#exec cmd="ls"-->',
] as const;

export const UNICODE_FRAGMENTS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\u202Eevil\u202C',
  '\u200B',
  '\u200D\u200C',
  '\uFEFF',
  '\u0085',
  '\u2028\u2029',
  'Z\u0335\u0321\u032A\u0344a',
  '𝕳𝖊𝖑𝖑𝖔',
  '👨‍👩‍👧‍👦',
  'İıſK',
  'ß',
  '١٢٣',
  '１２３',
  '\u00A0\u3000',
  '\r\n\t',
  '\u0007\u001b[31m',
  'עברית',
  'مرحبا',
  '中文字符',
  '\u0301',
  'ﷺ',
  '\uFFFF\uFFFE',
] as const;

export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
] as const;

const NUMERIC_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1e3',
  '1E+400',
  '0x1F',
  '0b101',
  '1_000',
  '1,000.00',
  '1.005',
  '0.001',
  '.5',
  '5.',
  '+5',
  ' 5 ',
  '00005',
  '999999999999999999999999999999',
  '1e-7',
  '١٠٠',
  '１００',
  '$5',
  'null',
  'undefined',
  'true',
] as const;

const NUMBERS = [
  -1,
  -0.01,
  0,
  0.001,
  0.5,
  1.5,
  99.999,
  1e21,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MIN_VALUE,
  1_000_000_001,
  123_456_789.123,
] as const;

/** Number tokens JSON.stringify cannot produce. */
const RAW_NUMBERS = [
  '-0',
  '1e400',
  '-1e400',
  '1E+2',
  '1e-400',
  '0.0000000000000000000001',
  '123456789012345678901234567890',
  '100.00',
  '5e-324',
] as const;

const MISC_STRINGS = [
  '',
  ' ',
  '\t',
  'null',
  'undefined',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'ＡＤＭＩＮ',
  'admin',
  'owner',
  'TRUE',
  '00000000-0000-0000-0000-000000000000',
] as const;

const fragment = fc.constantFrom<string>(
  ...SQL_FRAGMENTS,
  ...HTML_FRAGMENTS,
  ...UNICODE_FRAGMENTS,
  ...NUMERIC_STRINGS,
  ...PROTO_KEYS,
  ...MISC_STRINGS,
);

const shortJunk = fc.oneof(
  { weight: 4, arbitrary: fragment },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
);

/** Up to ~110 KB: some fit in the 100 KB body limit, some do not. */
export const hugeString = fc
  .tuple(
    shortJunk.filter((unit) => unit.length > 0),
    fc.integer({ min: 1_000, max: 110_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: shortJunk },
  {
    weight: 3,
    arbitrary: fc.array(shortJunk, { minLength: 2, maxLength: 5 }).map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<Tpl> = fc.oneof(
  fc.constantFrom<number>(...NUMBERS),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.constantFrom<string>(...NUMERIC_STRINGS),
);

/** What a taint puts around a valid value: control characters first among them. */
const taintFragment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0000\u0000') },
  { weight: 4, arbitrary: fragment },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 6_000 }).map((n) => 'x'.repeat(n)) },
);

/** Before, after, or both. */
const taintAround = fc
  .tuple(taintFragment, fc.constantFrom('before', 'after', 'both'))
  .map(([text, where]) => ({
    before: where === 'after' ? '' : text,
    after: where === 'before' ? '' : text,
  }));

export interface TaintSpec {
  before: string;
  after: string;
  numeric: number;
}

export const taintSpec: fc.Arbitrary<TaintSpec> = fc
  .tuple(taintAround, fc.nat({ max: 6 }))
  .map(([around, numeric]) => ({ ...around, numeric }));

/** A string or real value gets the taint around it; a number its hostile twin. */
export function applyTaint(value: Tpl, spec: TaintSpec): Tpl {
  if (typeof value === 'string' || value instanceof PoolRef || value instanceof Tainted) {
    return new Tainted(value, spec.before, spec.after);
  }
  if (typeof value === 'number') {
    const twins: Tpl[] = [
      -value,
      value + 0.5,
      value * 1e12,
      String(value),
      new RawJson(`${value}e0`),
      new RawJson(`${value}.000`),
      new RawJson(`-${value}`),
    ];
    return twins[spec.numeric % twins.length] ?? null;
  }
  return `${spec.before}${spec.after}`;
}

const pollutingValue: fc.Arbitrary<Tpl> = fc.constantFrom<Tpl>(
  new JsonObject([['__proto__', new JsonObject([['polluted', 'yes']])]]),
  new JsonObject([['constructor', new JsonObject([['prototype', { polluted: 'yes' }]])]]),
  new JsonObject([['prototype', { polluted: 'yes' }]]),
  new JsonObject([['__proto__', new JsonObject([['isAdmin', true]])]]),
);

/** A value of any type that no field expects, or one that breaks parsers downstream. */
export const hostileValue: fc.Arbitrary<Tpl> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Tpl> },
  { weight: 1, arbitrary: fc.array(shortJunk, { maxLength: 4 }) },
  { weight: 1, arbitrary: pollutingValue },
);

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

const ref = (pool: PoolName) => fc.nat().map((index) => new PoolRef(pool, index));
const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const words = fc
  .array(fc.constantFrom('deposit', 'help', 'please', 'account', 'Ada', 'refund', 'café', '42'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(' '));
const futureDay = fc.integer({ min: 0, max: 400 }).map((days) => {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
});
/** An ordinary instant of this decade, as ISO text. */
const recentInstant = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());
/** Dates the schema accepts (Date.parse reads them), ordinary and far out. */
const businessDate = fc.oneof(
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
const auditTime = fc.oneof(
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
const freshEmail = hex(12).map((id) => `fuzz-${id}@example.com`);
const password = fc.string({ minLength: 6, maxLength: 24 }).map((text) => `pw-${text}`);

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

function hintFor(routeKey: string, field: string): fc.Arbitrary<Tpl> | undefined {
  return FIELD_HINTS[`${routeKey} ${field}`] ?? FIELD_HINTS[field];
}

function fromPattern(pattern: string): fc.Arbitrary<string> | null {
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

// ---------------------------------------------------------------------------------------------
// Bodies

export type BodyTpl =
  | { kind: 'none'; contentType: string | null }
  | { kind: 'json'; value: Tpl; contentType: string }
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string | null }
  /** Padded past the 100 KB body limit: 413 whenever the body is read. */
  | { kind: 'oversize'; value: JsonObject; padding: number; contentType: string };

export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'Application/JSON',
  'application/json; charset=latin1',
  'application/json ; foo=bar',
] as const;

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/jsonp',
  'application/vnd.api+json',
  'text/json',
  'image/png',
  '*/*',
  'json',
  'application/',
  ';',
] as const;

/** Changes a body in place, or answers a replacement for the whole body. */
type Mutation = (entries: (readonly [string, Tpl])[]) => { body: Tpl } | undefined;

function mutations(fieldNames: readonly string[]): fc.Arbitrary<Mutation> {
  const field = fieldNames.length > 0 ? fc.constantFrom(...fieldNames) : fc.constant('field');
  const anyKey = fc.oneof(field, fc.constantFrom<string>(...PROTO_KEYS), shortJunk);
  return fc.oneof(
    // A valid value with NUL, SQL, HTML or a long tail around it: it passes the type check and
    // travels furthest (to the database, a mail, the log).
    {
      weight: 6,
      arbitrary: fc.tuple(field, taintSpec).map(([name, spec]): Mutation => {
        return (entries) => {
          const index = entries.findIndex(([key]) => key === name);
          const tainted = applyTaint(index === -1 ? 'value' : (entries[index]?.[1] ?? null), spec);
          if (index === -1) entries.push([name, tainted]);
          else entries[index] = [name, tainted];
          return undefined;
        };
      }),
    },
    // A field of the wrong type, empty, huge, or full of unicode, SQL or HTML.
    {
      weight: 8,
      arbitrary: fc.tuple(field, hostileValue).map(([name, value]): Mutation => {
        return (entries) => {
          const index = entries.findIndex(([key]) => key === name);
          if (index === -1) entries.push([name, value]);
          else entries[index] = [name, value];
          return undefined;
        };
      }),
    },
    {
      weight: 2,
      arbitrary: field.map((name): Mutation => {
        return (entries) => {
          const index = entries.findIndex(([key]) => key === name);
          if (index !== -1) entries.splice(index, 1);
          return undefined;
        };
      }),
    },
    // An extra key (prototype pollution, a duplicate, a key nobody asked for).
    {
      weight: 3,
      arbitrary: fc
        .tuple(anyKey, fc.oneof(pollutingValue, hostileValue))
        .map(([key, value]): Mutation => {
          return (entries) => {
            entries.push([key, value]);
            return undefined;
          };
        }),
    },
    // The whole body is something else: an array, a string, a number, null.
    {
      weight: 1,
      arbitrary: fc.oneof(hostileValue, fc.constant([])).map((body): Mutation => () => ({ body })),
    },
  );
}

function applyMutations(body: JsonObject, list: readonly Mutation[]): Tpl {
  const entries = [...body.entries];
  for (const mutation of list) {
    const replaced = mutation(entries);
    if (replaced) return replaced.body;
  }
  return new JsonObject(entries);
}

function malformed(valid: JsonObject): fc.Arbitrary<string> {
  const text = toJsonText(valid, EMPTY_POOLS);
  return fc.oneof(
    fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut) || '{'),
    fc.constantFrom(
      `${text}}`,
      `${text},`,
      `${text}x`,
      text.replace(/"/g, "'"),
      text.replace(/"([^"]+)":/g, '$1:'),
      text.replace(/}$/, ',}'),
      `\uFEFF${text}`,
      `/* comment */${text}`,
      '{"amountMinor": NaN}',
      '{"message": "\u0001raw control"}',
      '{"a":1}{"b":2}',
      '{"a": undefined}',
      '[1,]',
      '{,}',
      "{'message': 'hi'}",
      '\u0000',
    ),
    fc
      .integer({ min: 1_000, max: 40_000 })
      .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc
      .integer({ min: 1_000, max: 15_000 })
      .map((depth) => `${'{"a":'.repeat(depth)}{"__proto__":{"polluted":1}}${'}'.repeat(depth)}`),
    fc
      .integer({ min: 1_000, max: 15_000 })
      .map(
        (depth) =>
          `${'{"a":'.repeat(depth)}{"constructor":{"prototype":{"polluted":1}}}${'}'.repeat(depth)}`,
      ),
  );
}

/** JSON whose strings hold byte sequences that are not UTF-8. */
const invalidUtf8 = fc
  .constantFrom(
    [0xc3, 0x28],
    [0xed, 0xa0, 0x80],
    [0xff, 0xfe],
    [0xc0, 0xaf],
    [0xf8, 0x88, 0x80, 0x80],
  )
  .map((bad) =>
    Uint8Array.from([...Buffer.from('{"message":"x'), ...bad, ...Buffer.from('","reason":"y"}')]),
  );

const EMPTY_POOLS: Pools = Object.fromEntries(
  POOL_NAMES.map((name) => [name, []]),
) as unknown as Pools;

export function jsonBody(schema: JsonSchema | null, routeKey: string): fc.Arbitrary<BodyTpl> {
  const valid = validObject(schema, routeKey);
  const fieldNames = Object.keys(schema?.properties ?? {});
  const mutated = fc
    .tuple(valid, fc.array(mutations(fieldNames), { minLength: 1, maxLength: 3 }))
    .map(([body, list]) => applyMutations(body, list));
  const value: fc.Arbitrary<Tpl> = fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 12, arbitrary: mutated },
    { weight: 3, arbitrary: fc.jsonValue() as fc.Arbitrary<Tpl> },
  );
  const jsonType = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string>('application/json') },
    { weight: 2, arbitrary: fc.constantFrom<string>(...JSON_CONTENT_TYPES) },
  );
  return fc.oneof(
    {
      weight: 30,
      arbitrary: fc
        .tuple(value, jsonType)
        .map(([json, contentType]): BodyTpl => ({ kind: 'json', value: json, contentType })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid.chain(malformed), jsonType)
        .map(([text, contentType]): BodyTpl => ({ kind: 'text', text, contentType })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.constantFrom<string>(...WRONG_CONTENT_TYPES))
        .map(([body, contentType]): BodyTpl => ({
          kind: 'text',
          text: toJsonText(body, EMPTY_POOLS),
          contentType,
        })),
    },
    {
      weight: 1,
      arbitrary: invalidUtf8.map((bytes): BodyTpl => ({
        kind: 'bytes',
        bytes,
        contentType: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<string | null>(null, 'application/json', 'text/plain')
        .map((contentType): BodyTpl => ({ kind: 'none', contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(' ', '\n\t ')
        .map((text): BodyTpl => ({ kind: 'text', text, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.integer({ min: 100 * 1024 + 1, max: 160 * 1024 }))
        .map(([body, padding]): BodyTpl => ({
          kind: 'oversize',
          value: body,
          padding,
          contentType: 'application/json',
        })),
    },
  );
}

const MAGIC = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
} as const;

/** The upload's body is the file itself: real magic numbers, impostors, junk, any type. */
export const fileBody: fc.Arbitrary<BodyTpl> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.constantFrom(MAGIC.pdf, MAGIC.jpeg, MAGIC.png),
            fc.uint8Array({ maxLength: 2_000 }),
          )
          .map(([magic, rest]) => Uint8Array.from([...magic, ...rest])),
      },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2_000 }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            '<html><script>alert(1)</script></html>',
            'MZ\u0090\u0000 not an exe',
            '{"kind":"id"}',
            '%PDF',
            '',
          )
          .map((text) => Uint8Array.from(Buffer.from(text))),
      },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 90 * 1024, max: 300 * 1024 })
          .map((size) => Uint8Array.from([...MAGIC.png, ...new Uint8Array(size)])),
      },
    ),
    fc.constantFrom<string | null>(
      null,
      'application/octet-stream',
      'application/pdf',
      'image/png',
      'application/json',
      'text/html',
      'multipart/form-data; boundary=x',
    ),
  )
  .map(([bytes, contentType]): BodyTpl => ({ kind: 'bytes', bytes, contentType }));

// ---------------------------------------------------------------------------------------------
// Query strings, path parameters, headers

export type QueryPair = readonly [string, string | PoolRef | Tainted];

export type QueryTpl = { kind: 'pairs'; pairs: QueryPair[] } | { kind: 'raw'; text: string };

export interface QueryParam {
  name: string;
  schema: JsonSchema;
}

const queryJunk = fc.oneof(
  { weight: 6, arbitrary: hostileString.filter((text) => text.length <= 20_000) },
  { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'q'.repeat(n)) },
);

export function queryString(
  routeKey: string,
  params: readonly QueryParam[],
): fc.Arbitrary<QueryTpl> {
  const perParam = params.map(({ name, schema }) =>
    fc.oneof<fc.WeightedArbitrary<QueryPair[]>[]>(
      { weight: 3, arbitrary: fc.constant([]) },
      {
        weight: 3,
        arbitrary: validField(routeKey, name, schema).map((value) => [
          [name, stringOf(value)] as const,
        ]),
      },
      { weight: 3, arbitrary: queryJunk.map((value) => [[name, value] as const]) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(validField(routeKey, name, schema), taintSpec)
          .map(([value, spec]) => [[name, stringOf(applyTaint(value, spec))] as const]),
      },
      // Repeated keys arrive as an array; bracket keys are someone else's convention.
      {
        weight: 1,
        arbitrary: fc
          .tuple(validField(routeKey, name, schema), queryJunk)
          .map(([value, junk]) => [[name, stringOf(value)] as const, [name, junk] as const]),
      },
      { weight: 1, arbitrary: queryJunk.map((value) => [[`${name}[]`, value] as const]) },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          '__proto__[polluted]',
          'constructor[prototype][polluted]',
          '__proto__',
          'a[b][c]',
          '',
        ),
        shortJunk,
      ),
      queryJunk,
    ),
    { maxLength: 2 },
  );
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc.tuple(fc.tuple(...perParam), extra).map(([lists, extras]): QueryTpl => ({
        kind: 'pairs',
        pairs: [...lists.flat(), ...extras],
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '%',
            '%%',
            '%zz',
            '%E0%A4%A',
            '&&&',
            '=',
            '==',
            'a=1=2',
            '?a=1',
            'a=%00',
            ';a=1',
          ),
          fc.string({
            unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
            maxLength: 40,
          }),
        )
        .map((text): QueryTpl => ({ kind: 'raw', text })),
    },
  );
}

function stringOf(value: Tpl): string | PoolRef | Tainted {
  if (value instanceof PoolRef || value instanceof Tainted) return value;
  if (typeof value === 'string') return value;
  return toJsonText(value, EMPTY_POOLS);
}

export type ParamTpl = { value: string | PoolRef | Tainted; encoded: boolean };

/** Which pool a path parameter's real ids come from, by the path segment before it. */
export function poolForParam(url: string, param: string): PoolName {
  if (param === 'clientId') return 'clientId';
  if (param === 'sessionId') return 'sessionId';
  const before = url.split(`/:${param}`)[0]?.split('/').at(-1) ?? '';
  if (before === 'clients') return 'clientId';
  if (before === 'members') return 'staffId';
  if (before === 'tickets') return 'ticketId';
  if (before === 'documents') return 'documentId';
  return 'transactionId';
}

export function pathParam(pool: PoolName): fc.Arbitrary<ParamTpl> {
  return fc.oneof(
    { weight: 5, arbitrary: ref(pool).map((value): ParamTpl => ({ value, encoded: false })) },
    { weight: 1, arbitrary: ref('anyId').map((value): ParamTpl => ({ value, encoded: false })) },
    {
      weight: 2,
      arbitrary: fc.tuple(ref(pool), taintAround).map(([value, { before, after }]): ParamTpl => ({
        value: new Tainted(value, before, after),
        encoded: false,
      })),
    },
    { weight: 2, arbitrary: fc.uuid().map((value): ParamTpl => ({ value, encoded: false })) },
    {
      weight: 1,
      arbitrary: fc
        .uuid()
        .chain((id) =>
          fc.constantFrom(id.toUpperCase(), `{${id}}`, id.replace(/-/g, ''), `${id}0`, ` ${id}`),
        )
        .map((value): ParamTpl => ({ value, encoded: false })),
    },
    { weight: 3, arbitrary: hostileString.map((value): ParamTpl => ({ value, encoded: false })) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 60, max: 140 })
        .map((n): ParamTpl => ({ value: 'a'.repeat(n), encoded: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '%E0%A4%A', '%00', '%2F', '..', '.', '%2e%2e', '%FF', 'a%20b')
        .map((value): ParamTpl => ({ value, encoded: true })),
    },
  );
}

/** Header values a real HTTP client can send: tab, visible ASCII and Latin-1. */
export const headerString = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0xa0, max: 0xff }),
        fc.constant(0x09),
      )
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

const asciiFragment = fc.constantFrom<string>(...SQL_FRAGMENTS, ...HTML_FRAGMENTS, ...MISC_STRINGS);

export const idempotencyKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.uuid() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '\t', 'a'.repeat(200), 'a'.repeat(201), 'a'.repeat(5_000)),
  },
  { weight: 2, arbitrary: headerString(300) },
  { weight: 1, arbitrary: asciiFragment },
);

export const extraHeader: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.tuple(fc.constant('idempotency-key'), idempotencyKey),
  fc.tuple(
    fc.constantFrom(
      'accept',
      'accept-language',
      'origin',
      'referer',
      'cookie',
      'x-forwarded-for',
      'x-real-ip',
      'forwarded',
      'x-http-method-override',
      'x-request-id',
      'if-none-match',
      'range',
      'x-file-name',
    ),
    fc.oneof(headerString(200), asciiFragment),
  ),
  fc.tuple(
    fc.constant('user-agent'),
    fc.oneof(
      headerString(100),
      fc.integer({ min: 1_000, max: 8_000 }).map((n) => 'M'.repeat(n)),
    ),
  ),
  fc.tuple(
    fc.constant('content-encoding'),
    fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-fuzz'),
  ),
  fc.tuple(fc.constant('accept-encoding'), fc.constantFrom('gzip', 'br', '*', 'x-fuzz;q=2')),
);

// ---------------------------------------------------------------------------------------------
// Callers

export type CallerTpl =
  | { kind: 'anonymous' }
  | { kind: 'client' }
  | { kind: 'staff' }
  /** A token that is not a live session: junk, a revoked one, a real one with a typo. */
  | { kind: 'garbage'; header: string; token: GarbageToken };

export type GarbageToken =
  | { kind: 'text'; text: string }
  | { kind: 'stale'; index: number }
  | { kind: 'typo'; of: 'client' | 'staff'; at: number };

const garbageToken: fc.Arbitrary<GarbageToken> = fc.oneof(
  fc
    .oneof(headerString(120), asciiFragment, fc.base64String({ minLength: 40, maxLength: 48 }))
    .map((text): GarbageToken => ({ kind: 'text', text })),
  fc.nat().map((index): GarbageToken => ({ kind: 'stale', index })),
  fc
    .tuple(fc.constantFrom<'client' | 'staff'>('client', 'staff'), fc.nat())
    .map(([of, at]): GarbageToken => ({ kind: 'typo', of, at })),
);

export function callerFor(auth: string | undefined): fc.Arbitrary<CallerTpl> {
  const garbage = fc
    .tuple(fc.constantFrom('user-token', 'x-auth-token', 'authorization'), garbageToken)
    .map(([header, token]): CallerTpl => ({ kind: 'garbage', header, token }));
  const wantsClient = auth === 'client' || auth === 'client-optional';
  const wantsStaff = auth === 'staff' || auth === 'staff-enrolment';
  return fc.oneof(
    {
      weight: wantsClient || wantsStaff ? 1 : 5,
      arbitrary: fc.constant<CallerTpl>({ kind: 'anonymous' }),
    },
    { weight: wantsClient ? 10 : 1, arbitrary: fc.constant<CallerTpl>({ kind: 'client' }) },
    { weight: wantsStaff ? 10 : 1, arbitrary: fc.constant<CallerTpl>({ kind: 'staff' }) },
    { weight: 2, arbitrary: garbage },
  );
}
