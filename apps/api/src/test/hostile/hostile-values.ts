// Hostile request parts for plugins/hostile-input.test.ts (see ../hostile-arbitraries.ts).
import fc from 'fast-check';
import { JsonObject, PoolRef, RawJson, Tainted } from './wire.js';
import type { Tpl } from './wire.js';
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

export const NUMERIC_STRINGS = [
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

export const NUMBERS = [
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
export const RAW_NUMBERS = [
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

export const MISC_STRINGS = [
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

export const fragment = fc.constantFrom<string>(
  ...SQL_FRAGMENTS,
  ...HTML_FRAGMENTS,
  ...UNICODE_FRAGMENTS,
  ...NUMERIC_STRINGS,
  ...PROTO_KEYS,
  ...MISC_STRINGS,
);

export const shortJunk = fc.oneof(
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
export const taintFragment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0000\u0000') },
  { weight: 4, arbitrary: fragment },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 6_000 }).map((n) => 'x'.repeat(n)) },
);

/** Before, after, or both. */
export const taintAround = fc
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

export const pollutingValue: fc.Arbitrary<Tpl> = fc.constantFrom<Tpl>(
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
