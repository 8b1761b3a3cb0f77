// Times as the seed shows them: en-GB day-month-year with dashes and a 24-hour clock,
// "03-03-2026, 14:05:09", in the reader's time zone (or `timeZone`, for tests). For client-only
// pages (never pre-rendered): the back office and the portal. One formatter for both.

const PARTS = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

/** "03-03-2026, 14:05:09"; a value that is not a date is shown as it came. */
export function formatTimestamp(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', { ...PARTS, timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}, ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A calendar day 'YYYY-MM-DD' → "03-03-2026" (no time zone involved). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

/** A `<time>` element with the machine-readable value and "03-03-2026, 14:05:09". */
export function Timestamp({ value }: { value: string }) {
  return <time dateTime={value}>{formatTimestamp(value)}</time>;
}
