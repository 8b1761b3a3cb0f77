import type { ReminderBody, ReminderResponse } from '@brokerdesk/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/reminders `{date, timeZone}` (header user-token) → 201 `{message, sendAt}`: a mail at
 * 08:00 local time on that day; 400 for a day in the past or more than a year ahead. /calendar is
 * a public page, so no data-fetching library and no schema library here (JS budget, decision 003).
 */
export function createReminder(body: ReminderBody): Promise<ReminderResponse> {
  return apiRequest<ReminderResponse>('/api/reminders', { method: 'POST', auth: 'user', body });
}

/** 'YYYY-MM-DD' of the day as the visitor sees it (local date parts, not UTC). */
export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

/** The browser's IANA time zone (e.g. Europe/London), when it tells. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? zone : undefined;
  } catch {
    return undefined;
  }
}
