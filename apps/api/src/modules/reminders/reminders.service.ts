// The calendar's REMIND for a signed-in client (issue 6 item 8): a mail queued for 08:00 on the
// chosen day in the client's own time zone. The outbox's send_after holds it until then.
import { AppError, LIMIT_MESSAGES, MESSAGES } from '@brokerdesk/shared';
import type { ReminderBody } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { ActionLimiter, ActionRule } from '../../lib/action-limits.js';
import type { Clock } from '../../lib/clock.js';
import type { MailService } from '../mail/index.js';

const REMIND_AT_HOUR = 8;
const MAX_DAYS_AHEAD = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reminders per account (each is a mail), beside the route's per-IP limit (issue 17). */
export const REMINDER_RULE: ActionRule = {
  name: 'reminder',
  max: 10,
  windowMs: 60 * 60 * 1000,
  message: LIMIT_MESSAGES.reminders,
};

/** A usable IANA zone name, or UTC. */
export function knownTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of `hour`:00 local time on `date` (YYYY-MM-DD) in `timeZone`. */
export function localTimeToInstant(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClockAsUtc = Date.UTC(year, month - 1, day, hour);
  // Twice: the first guess's offset may be on the other side of a daylight-saving change.
  let instant = wallClockAsUtc - zoneOffsetMs(new Date(wallClockAsUtc), timeZone);
  instant = wallClockAsUtc - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The calendar date "today" in `timeZone`, as YYYY-MM-DD. */
function todayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

function isRealDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

export function makeReminderService({
  db,
  clock,
  mail,
  limiter,
}: {
  db: Db;
  clock: Clock;
  mail: MailService;
  limiter: ActionLimiter;
}) {
  async function scheduleReminder({
    clientId,
    body,
  }: {
    clientId: string;
    body: ReminderBody;
  }): Promise<{ sendAt: Date; dateLabel: string }> {
    const timeZone = knownTimeZone(body.timeZone);
    const now = clock.now();
    const today = todayIn(now, timeZone);
    const lastDay = todayIn(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY_MS), timeZone);
    // ISO dates compare correctly as strings.
    if (!isRealDate(body.date) || body.date < today || body.date > lastDay) {
      throw new AppError('VALIDATION_FAILED', MESSAGES.reminder.dateInvalid, {
        date: [MESSAGES.reminder.dateInvalid],
      });
    }
    await limiter.hit(REMINDER_RULE, clientId);
    const remindAt = localTimeToInstant(body.date, REMIND_AT_HOUR, timeZone);
    // Asked for today after 08:00: the mail goes now rather than never.
    const sendAt = remindAt > now ? remindAt : now;
    const dateLabel = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${body.date}T00:00:00Z`));
    await mail.queueForClient(
      db,
      clientId,
      (client, templates) => templates.calendarReminder({ firstName: client.firstName, dateLabel }),
      { sendAfter: sendAt },
    );
    return { sendAt, dateLabel };
  }

  return { scheduleReminder };
}

export type ReminderService = ReturnType<typeof makeReminderService>;
