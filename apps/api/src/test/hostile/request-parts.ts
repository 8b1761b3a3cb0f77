// Hostile request parts for plugins/hostile-input.test.ts (see ../hostile-arbitraries.ts).
import fc from 'fast-check';
import { PoolRef, Tainted, toJsonText } from './wire.js';
import type { PoolName, Tpl } from './wire.js';
import {
  HTML_FRAGMENTS,
  MISC_STRINGS,
  SQL_FRAGMENTS,
  applyTaint,
  hostileString,
  shortJunk,
  taintAround,
  taintSpec,
} from './hostile-values.js';
import { ref, validField } from './valid-values.js';
import type { JsonSchema } from './valid-values.js';
import { EMPTY_POOLS } from './bodies.js';
// ---------------------------------------------------------------------------------------------
// Query strings, path parameters, headers

export type QueryPair = readonly [string, string | PoolRef | Tainted];

export type QueryTpl = { kind: 'pairs'; pairs: QueryPair[] } | { kind: 'raw'; text: string };

export interface QueryParam {
  name: string;
  schema: JsonSchema;
}

export const queryJunk = fc.oneof(
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

export function stringOf(value: Tpl): string | PoolRef | Tainted {
  if (value instanceof PoolRef || value instanceof Tainted) return value;
  if (typeof value === 'string') return value;
  return toJsonText(value, EMPTY_POOLS);
}

export type ParamTpl = { value: string | PoolRef | Tainted; encoded: boolean };

/** Which pool a path parameter's real ids come from, by the path segment before it. */
export function poolForParam(url: string, param: string): PoolName {
  if (param === 'clientId') return 'clientId';
  if (param === 'sessionId') return 'sessionId';
  if (param === 'orderId') return 'orderId';
  if (param === 'positionId') return 'positionId';
  const before = url.split(`/:${param}`)[0]?.split('/').at(-1) ?? '';
  if (before === 'clients') return 'clientId';
  if (before === 'members') return 'staffId';
  if (before === 'tickets') return 'ticketId';
  if (before === 'documents') return 'documentId';
  if (before === 'referral-commissions') return 'commissionId';
  if (before === 'accounts') return 'tradingAccountId';
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

export const asciiFragment = fc.constantFrom<string>(
  ...SQL_FRAGMENTS,
  ...HTML_FRAGMENTS,
  ...MISC_STRINGS,
);

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
