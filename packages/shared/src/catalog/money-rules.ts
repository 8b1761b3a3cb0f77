import type { Cents } from '../money.js';
import type { PaymentMethodId } from './payment-methods.js';

// The operator's money rules (docs/product.md §10), read by the API when it enforces them and by the
// web when it explains them, so the figure a client reads is the figure the server applies.
export const MONEY_RULES = {
  /** The agreement's minimum opening amount: the first deposit request must reach it. */
  minimumFirstDepositCents: 30_000 as Cents,
  /** The plans' "referral bonus 10%": of each referred client's confirmed deposit. */
  referralBonusBp: 1_000,
  /** A card deposit at or above this is flagged for card documents (docs/origin.md §5). */
  cardDocumentsThresholdCents: 1_500_000 as Cents,
  /** Any deposit after this many is flagged for documents too. */
  depositsBeforeDocuments: 10,
} as const;

/** Where a client sends a deposit. A demo install must say plainly that nothing is to be sent. */
export const PAYMENT_INSTRUCTIONS = {
  bitcoinAddress: 'DEMO-NOT-A-REAL-ADDRESS-DO-NOT-SEND',
  notice: 'Demo — do not send funds' as string | null,
} as const;

export type DepositInstructions =
  | { kind: 'address'; label: string; value: string; notice: string | null }
  | { kind: 'contact'; text: string; notice: string | null };

/** What the deposit screen shows once a request for `method` is created. */
export function depositInstructionsFor(method: PaymentMethodId): DepositInstructions {
  const notice = PAYMENT_INSTRUCTIONS.notice;
  if (method === 'bitcoin') {
    return {
      kind: 'address',
      label: 'Bitcoin address',
      value: PAYMENT_INSTRUCTIONS.bitcoinAddress,
      notice,
    };
  }
  return {
    kind: 'contact',
    text: 'Our payments team will send you the details for this method through your support inbox. Your request stays pending until the funds arrive and are confirmed.',
    notice,
  };
}
