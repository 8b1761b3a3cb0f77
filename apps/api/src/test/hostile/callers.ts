// Hostile request parts for plugins/hostile-input.test.ts (see ../hostile-arbitraries.ts).
import fc from 'fast-check';
import { asciiFragment, headerString } from './request-parts.js';
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

export const garbageToken: fc.Arbitrary<GarbageToken> = fc.oneof(
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
