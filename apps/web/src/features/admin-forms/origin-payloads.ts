// The seed's admin calls (docs/origin.md §7) carry the form's text as typed: the shared schemas accept
// strings, validate them (the same rules and messages as the server) and convert dollars to
// cents on the server. The forms validate with those schemas and send the trimmed text.
import type { OriginSubscriptionBodySchema, OriginTransactionBodySchema } from '@brokerdesk/shared';
import type { z } from 'zod';

export type SubscriptionFormValues = z.input<typeof OriginSubscriptionBodySchema>;
export type TransactionFormValues = z.input<typeof OriginTransactionBodySchema>;

/** POST /api/subscribe/create as sent: every field as text; empty optional ones left out. */
export interface SubscriptionPayload {
  userId: string;
  planName: string;
  amount: string;
  profitPercent?: string;
  duration: string;
  status?: string;
  startDate?: string;
  endDate?: string;
}

/** POST /api/transactions/transaction as sent (seed: userId, type, amount, status, date). */
export interface TransactionPayload {
  userId: string;
  type: string;
  amount: string;
  status?: string;
  /** ISO 8601 with the offset of the browser's time zone; left out for "now". */
  date?: string;
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

function optional(value: unknown): string | undefined {
  const trimmed = text(value);
  return trimmed === '' ? undefined : trimmed;
}

export function subscriptionPayload(values: SubscriptionFormValues): SubscriptionPayload {
  return {
    userId: text(values.userId),
    planName: text(values.planName),
    amount: text(values.amount),
    profitPercent: optional(values.profitPercent),
    duration: text(values.duration),
    status: optional(values.status),
    startDate: optional(values.startDate),
    endDate: optional(values.endDate),
  };
}

/**
 * A `datetime-local` value ("2026-03-03T14:05") is the staff member's wall-clock time: it is
 * read in the browser's zone and sent as an instant, so the server's zone cannot shift it.
 */
export function localDateTimeToIso(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
}

export function transactionPayload(values: TransactionFormValues): TransactionPayload {
  return {
    userId: text(values.userId),
    type: text(values.type),
    amount: text(values.amount),
    status: optional(values.status),
    date: localDateTimeToIso(text(values.date)),
  };
}

/** Turns '' into undefined, so an empty optional field takes the schema's default. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
