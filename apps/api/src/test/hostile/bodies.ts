// Hostile request parts for plugins/hostile-input.test.ts (see ../hostile-arbitraries.ts).
import fc from 'fast-check';
import { JsonObject, POOL_NAMES, toJsonText } from './wire.js';
import type { Pools, Tpl } from './wire.js';
import {
  PROTO_KEYS,
  applyTaint,
  hostileValue,
  pollutingValue,
  shortJunk,
  taintSpec,
} from './hostile-values.js';
import { validObject } from './valid-values.js';
import type { JsonSchema } from './valid-values.js';
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
export type Mutation = (entries: (readonly [string, Tpl])[]) => { body: Tpl } | undefined;

export function mutations(fieldNames: readonly string[]): fc.Arbitrary<Mutation> {
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

export function applyMutations(body: JsonObject, list: readonly Mutation[]): Tpl {
  const entries = [...body.entries];
  for (const mutation of list) {
    const replaced = mutation(entries);
    if (replaced) return replaced.body;
  }
  return new JsonObject(entries);
}

export function malformed(valid: JsonObject): fc.Arbitrary<string> {
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
export const invalidUtf8 = fc
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

export const EMPTY_POOLS: Pools = Object.fromEntries(
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

export const MAGIC = {
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
