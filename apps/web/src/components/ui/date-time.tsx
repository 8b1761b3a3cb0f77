// Dates for people, formatted on the client: "3 March 2026" or "3 March 2026, 14:05" (en-GB).

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const dateFormatUtc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/**
 * "2026-03-03" → "3 March 2026" (a calendar date stays that date in every time zone);
 * an ISO timestamp → the date, or date and time, in the reader's time zone. Anything that is
 * not a date is shown as it came, rather than as "Invalid Date".
 */
export function formatDate(value: string, withTime = false): string {
  const dateOnly = DATE_ONLY.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  if (dateOnly) return dateFormatUtc.format(date);
  return (withTime ? dateTimeFormat : dateFormat).format(date);
}

/** A `<time>` element carrying the machine-readable value and the readable date. */
export function DateTime({ value, withTime = false }: { value: string; withTime?: boolean }) {
  return <time dateTime={value}>{formatDate(value, withTime)}</time>;
}
