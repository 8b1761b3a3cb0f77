import {
  formatCents,
  PAYMENT_METHODS,
  type Cents,
  type PaymentMethod,
  type PaymentMethodId,
} from '@brokerdesk/shared';

const DATE_TIME_PARTS = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * An ISO time as the seed shows it: en-GB day-month-year with dashes and a 24-hour time,
 * "03-03-2026, 14:05:09", in the reader's time zone (or `timeZone`, for tests). Client-only:
 * the portal is never pre-rendered, so the reader's zone is known while rendering.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', { ...DATE_TIME_PARTS, timeZone }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}, ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A calendar day 'YYYY-MM-DD' (no time zone involved) → "03-03-2026". */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

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
