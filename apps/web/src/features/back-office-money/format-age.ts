const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a request has waited, short: "Under 1 min", "12 min", "3 h", "2 d". */
export function formatAge(since: string, now: number): string {
  const start = Date.parse(since);
  if (Number.isNaN(start)) return '—';
  const waited = Math.max(0, now - start);
  if (waited < MINUTE) return 'Under 1 min';
  if (waited < HOUR) return `${Math.floor(waited / MINUTE)} min`;
  if (waited < DAY) return `${Math.floor(waited / HOUR)} h`;
  return `${Math.floor(waited / DAY)} d`;
}

/** True when a request has waited a day or more (highlighted in the queue). */
export function isOverdue(since: string, now: number): boolean {
  const start = Date.parse(since);
  return !Number.isNaN(start) && now - start >= DAY;
}
