import {
  formatCents,
  PAYMENT_METHODS,
  type Cents,
  type PaymentMethod,
  type PaymentMethodId,
} from '@brokerdesk/shared';

const MINUS = '\u2212';

/** "+$500.00" for money in, "−$205.80" for money out. */
export function formatSignedCents(cents: Cents, direction: 'credit' | 'debit'): string {
  return `${direction === 'credit' ? '+' : MINUS}${formatCents(Math.abs(cents))}`;
}

/** Basis points as a percentage without float arithmetic: 290 → "2.9%", 1000 → "10%". */
export function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

export function paymentMethod(id: PaymentMethodId): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((method) => method.id === id);
}

/** The seed's name of a method ("QiWi Wallet"); '—' when the row has none. */
export function methodName(id: PaymentMethodId | null): string {
  if (id === null) return '—';
  return paymentMethod(id)?.name ?? id;
}
