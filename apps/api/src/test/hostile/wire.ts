// Hostile request parts for plugins/hostile-input.test.ts (see ../hostile-arbitraries.ts).

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
  'commissionId',
  'tradingAccountId',
  'orderId',
  'positionId',
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
