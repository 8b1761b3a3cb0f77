// A client's withdrawal request (issue 17): its fee, rounded up to the cent, and the minimum's
// message. The API charges and checks them and the portal's form shows them. A subpath export
// (`@brokerdesk/shared/withdrawal-rules`), not part of the index, so the public pages, which list
// the payment methods and format money, do not carry it (docs/decisions/113).
import { PAYMENT_METHODS } from './catalog/payment-methods.js';
import type { Cents } from './money.js';

/**
 * A fee of `basisPoints` on an amount, rounded up to the next cent: a fee is never rounded away
 * (2.9% of 17 cents is 1 cent, not 0). Bonuses and other payouts use money.ts's percentOf.
 */
export function feeOf(cents: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`a fee is taken on a whole, positive number of cents: ${cents}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0)
    throw new TypeError('basis points must be a whole number, at least 0');
  const product = BigInt(cents) * BigInt(basisPoints);
  return Number((product + 9_999n) / 10_000n);
}

/** A withdrawal's fee in cents: the method's rate rounded up (feeOf), 0 for a method without one. */
export function withdrawalFeeFor(method: string, amountMinor: Cents): Cents {
  const bp = PAYMENT_METHODS.find((candidate) => candidate.id === method)?.withdrawalFeeBp;
  return bp ? feeOf(amountMinor, bp) : 0;
}

/** Below the operator's MIN_WITHDRAWAL_USD, formatted ("$10.00"). */
export const belowMinimumWithdrawalMessage = (minimum: string) =>
  `A withdrawal must be at least ${minimum}`;
