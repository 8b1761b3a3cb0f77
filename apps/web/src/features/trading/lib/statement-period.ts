// The statement page's period: whole UTC days, picked as a first and a last day (both included)
// and sent as the API's [from, to) instants. Checked with the shared schema, so the page and the
// API refuse a period with the same words (packages/shared/src/trading/statement.ts).
import { StatementQuerySchema } from '@brokerdesk/shared/trading';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days as picked: "2026-03-01" to "2026-03-31", both included. */
export interface StatementDays {
  from: string;
  to: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar month (UTC) that `nowMs` falls in: the page's default period. */
export function monthOf(nowMs: number): StatementDays {
  const now = new Date(nowMs);
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { from: dayOf(first), to: dayOf(next - DAY_MS) };
}

/** A real calendar day as an input gives it ("2026-02-30" is not one). */
export function isDay(text: string | null | undefined): text is string {
  return (
    typeof text === 'string' && DAY.test(text) && dayOf(Date.parse(`${text}T00:00:00Z`)) === text
  );
}

/** The API's period: from the first day's midnight to the midnight after the last day. */
export function periodOf(days: StatementDays): { from: string; to: string } {
  return {
    from: `${days.from}T00:00:00.000Z`,
    to: new Date(Date.parse(`${days.to}T00:00:00Z`) + DAY_MS).toISOString(),
  };
}

export type PeriodErrors = Partial<Record<'from' | 'to', string>>;

/** What is wrong with the picked days, by field; empty when the API will take them. */
export function periodErrors(days: StatementDays): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!isDay(days.from)) errors.from = 'Choose the first day';
  if (!isDay(days.to)) errors.to = 'Choose the last day';
  if (errors.from || errors.to) return errors;
  const checked = StatementQuerySchema.safeParse(periodOf(days));
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    errors[field] ??= issue.message;
  }
  return errors;
}
