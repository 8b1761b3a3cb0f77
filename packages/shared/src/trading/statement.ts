// The trading statement (issue 19): GET /api/trading/accounts/:id/statement?from&to[&format=csv]
// lists every balance movement of one account in a period, with the balance before and after.
// Shape only, shared by the API (the query's one validation) and the terminal's Statement page
// (the same messages under its period pickers).
import { z } from 'zod';
import { isStorableTime } from '../schemas/storable.js';

/** A statement covers at most this many days: a year, leap day included. */
export const STATEMENT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export const STATEMENT_MESSAGES = {
  fromInvalid: 'From must be an ISO-8601 UTC time, e.g. 2026-03-01T00:00:00Z',
  toInvalid: 'To must be an ISO-8601 UTC time, e.g. 2026-04-01T00:00:00Z',
  periodOrder: 'The period must end after it starts',
  periodTooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
  formatInvalid: 'Format must be json or csv',
} as const;

/** ISO-8601 UTC with a Z, seconds required, milliseconds optional: what the API writes. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

function instant(message: string) {
  return z
    .string({ error: message })
    .regex(ISO_UTC, message)
    .refine((text) => isStorableTime(Date.parse(text)), message);
}

/**
 * The period is [from, to): `from` included, `to` excluded, so consecutive months tile without
 * a movement in two statements. JSON by default; `format=csv` for the file (a query parameter,
 * not the Accept header, so a link or a saved request says what it asks for).
 */
export const StatementQuerySchema = z
  .object({
    from: instant(STATEMENT_MESSAGES.fromInvalid),
    to: instant(STATEMENT_MESSAGES.toInvalid),
    format: z.enum(['json', 'csv'], { error: STATEMENT_MESSAGES.formatInvalid }).default('json'),
  })
  .superRefine(({ from, to }, ctx) => {
    const span = Date.parse(to) - Date.parse(from);
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', message: STATEMENT_MESSAGES.periodOrder, path: ['to'] });
    } else if (span > STATEMENT_MAX_DAYS * DAY_MS) {
      ctx.addIssue({ code: 'custom', message: STATEMENT_MESSAGES.periodTooLong, path: ['to'] });
    }
  });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const STATEMENT_LINE_KINDS = [
  'deal',
  'swap',
  'protection',
  'transfer',
  'correction',
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

const isMidnight = (ms: number) => ms % DAY_MS === 0;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const compact = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');

/**
 * The CSV's file name, the same for the API's Content-Disposition and the page's download:
 * `statement-demo-2026-03-01-2026-03-31.csv` for whole UTC days (the last day shown is the one
 * before `to`, which is excluded), else the exact instants, `…-20260301T083000Z-20260302T083000Z.csv`.
 * Only digits, letters and dashes: safe in a header and on every file system.
 */
export function statementFileName({
  kind,
  from,
  to,
}: {
  kind: 'demo' | 'live';
  from: string;
  to: string;
}): string {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const period =
    isMidnight(start) && isMidnight(end)
      ? `${day(start)}-${day(end - DAY_MS)}`
      : `${compact(start)}-${compact(end)}`;
  return `statement-${kind}-${period}.csv`;
}
