// How a transaction reads, the same in the portal and the back office: its signed amount, its
// payment method's name, who entered it, and the names of the events on its timeline.
import {
  formatCents,
  MINUS_SIGN,
  PAYMENT_METHODS,
  type Cents,
  type PaymentMethod,
  type PaymentMethodId,
  type ProfitSource,
  type Transaction,
  type TransactionEventKind,
} from '@brokerdesk/shared';

/** "+$500.00" for money in, "−$205.80" for money out (the shared formatter's minus sign). */
export function formatSignedCents(cents: Cents, direction: 'credit' | 'debit'): string {
  return `${direction === 'credit' ? '+' : MINUS_SIGN}${formatCents(Math.abs(cents))}`;
}

export function paymentMethod(id: PaymentMethodId): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((method) => method.id === id);
}

/** The seed's name of a method ("QiWi Wallet"); '—' when the row has none. */
export function methodName(id: PaymentMethodId | null): string {
  if (id === null) return '—';
  return paymentMethod(id)?.name ?? id;
}

/** A timeline event's name: "Requested", "Approved"… */
export const TRANSACTION_EVENT_LABELS: Record<TransactionEventKind, string> = {
  requested: 'Requested',
  recorded: 'Recorded',
  endorsed: 'First staff approval (a second is needed)',
  confirmed: 'Confirmed',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  failed: 'Failed',
  reversed: 'Reversed',
};

/**
 * "Credited by staff" (or "Debited by staff") for a line staff entered, so a figure staff typed
 * never reads like one the client earned; "Entered by staff" while it has moved no money
 * (pending, failed); null for the client's own and the system's lines (decision 103).
 */
export function staffProvenance(
  transaction: Pick<Transaction, 'enteredBy' | 'direction' | 'status'>,
): string | null {
  if (transaction.enteredBy !== 'staff') return null;
  if (transaction.status !== 'completed' && transaction.status !== 'reversed') {
    return 'Entered by staff';
  }
  return transaction.direction === 'credit' ? 'Credited by staff' : 'Debited by staff';
}

/** The parts of the Profit card: staff credits, and the live trading account's realised P/L. */
export const PROFIT_PART_LABELS: Record<ProfitSource, string> = {
  staff: 'Credited by staff',
  trading: 'Realised by trades',
};
