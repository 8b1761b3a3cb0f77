import { MESSAGES } from '@brokerdesk/shared';
import {
  createContext,
  useContext,
  useRef,
  useState,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
} from 'react';
import { DayPicker } from 'react-day-picker';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { browserTimeZone, createReminder, localDay } from '../api/create-reminder';
import 'react-day-picker/style.css';
import './webinar-calendar.css';

// docs/origin.md §5: the calendar's outer bounds. Within them only the days a reminder can be set
// for are enabled: today up to a year ahead, as the server requires (MESSAGES.reminder.dateInvalid);
// a past day is disabled, so neither a click nor the keyboard can choose it.
const FIRST_DAY = new Date(1900, 0, 1);
const LAST_DAY = new Date(2099, 11, 31);

/** The last day a reminder can be set for: the same day a year after today. */
function aYearAfter(day: Date): Date {
  return new Date(day.getFullYear() + 1, day.getMonth(), day.getDate());
}
/** Six weeks of seven days, whatever the month (docs/origin.md §9: "always six weeks"). */
const DAY_CELLS = 42;

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

export const EMAIL_REMINDER_SET = 'We will e-mail you on that day.';
export const EMAIL_REMINDER_SENDING = 'Setting up your e-mail reminder…';
export const EMAIL_REMINDER_FAILED = 'We could not set up the e-mail reminder. Please try again.';

/** The second line after REMIND: the e-mail reminder of a signed-in client, or how to get one. */
type EmailLine =
  | { kind: 'sending' }
  | { kind: 'set' }
  | { kind: 'failed'; text: string }
  | { kind: 'sign-in' }
  | null;

function emailFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status >= 400 && error.status < 500 && error.serverMessage)
      return error.serverMessage;
  }
  return EMAIL_REMINDER_FAILED;
}

/** 'You will be reminded on Tuesday, March 3, 2026'. */
export function reminderText(date: Date): string {
  return `${MESSAGES.calendar.remindPrefix} ${LONG_DATE.format(date)}`;
}

function firstOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/** Whether the month shown is the first one with a day to choose. */
const AtFirstMonth = createContext(false);

/**
 * react-day-picker hides the days before `startMonth`, so a month whose first week starts in the
 * one before would lose its outside days (December 2026 showed 40 cells, not 42). The calendar
 * therefore starts a month early, and this button refuses to go back to it.
 */
function PreviousMonthButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const atFirst = useContext(AtFirstMonth);
  if (!atFirst) return <button {...props} />;
  return <button {...props} aria-disabled tabIndex={-1} onClick={undefined} />;
}

const CALENDAR_PARTS = { PreviousMonthButton };

const noSubscription = () => () => {};
const todayKey = () => {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
};

/**
 * The visitor's today, or null while pre-rendering and hydrating: the pre-rendered HTML must
 * not depend on the build date (docs/product.md §8), and hydration must match it.
 */
function useToday(): Date | null {
  const key = useSyncExternalStore(noSubscription, todayKey, () => null);
  if (!key) return null;
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

function clampToBounds(date: Date): Date {
  if (date < FIRST_DAY) return FIRST_DAY;
  if (date > LAST_DAY) return LAST_DAY;
  return date;
}

export interface WebinarCalendarProps {
  /**
   * The month to open on. Tests pass one; the page passes none, and the current month is set
   * after hydration (the pre-rendered HTML must not depend on the build date, docs/product.md §8).
   */
  initialMonth?: Date;
}

/**
 * docs/origin.md §2 /calendar: a month view that always shows six weeks with outside days, one selected
 * date, and REMIND, which shows the selected date in long form (the seed's local message). For a
 * signed-in client REMIND also asks the server for a reminder mail on that day; a visitor is
 * invited to log in for one. The token is read when REMIND is pressed, never while rendering
 * (the page is pre-rendered).
 */
export function WebinarCalendar({ initialMonth }: WebinarCalendarProps) {
  const today = useToday();
  const [month, setMonth] = useState<Date | null>(initialMonth ?? null);
  const [picked, setPicked] = useState<Date | undefined>(undefined);
  const [reminder, setReminder] = useState('');
  const [emailLine, setEmailLine] = useState<EmailLine>(null);
  // Answers to an earlier REMIND (or for an earlier date) are ignored.
  const lastRequest = useRef(0);

  const remind = (day: Date) => {
    setReminder(reminderText(day));
    const request = ++lastRequest.current;
    if (!getToken('user')) {
      setEmailLine({ kind: 'sign-in' });
      return;
    }
    setEmailLine({ kind: 'sending' });
    createReminder({ date: localDay(day), timeZone: browserTimeZone() }).then(
      () => {
        if (request === lastRequest.current) setEmailLine({ kind: 'set' });
      },
      (error: unknown) => {
        if (request !== lastRequest.current) return;
        // A 401 has ended the stored session (api-client): the visitor is signed out now.
        const signedOut = error instanceof ApiError && error.status === 401;
        setEmailLine(
          signedOut ? { kind: 'sign-in' } : { kind: 'failed', text: emailFailureText(error) },
        );
      },
    );
  };

  // Until the visitor picks a day, today is selected (once it is known, after hydration).
  const selected = picked ?? (today ? clampToBounds(today) : undefined);
  const shownMonth = month ?? (selected ? firstOfMonth(selected) : null);
  const lastDay = today ? aYearAfter(today) : LAST_DAY;
  const firstMonth = today ? firstOfMonth(clampToBounds(today)) : FIRST_DAY;
  const atFirstMonth = shownMonth?.getTime() === firstMonth.getTime();
  const disabled = today
    ? [{ before: clampToBounds(today) }, { after: clampToBounds(lastDay) }]
    : [{ before: FIRST_DAY }, { after: LAST_DAY }];

  return (
    <section
      className="webinar-calendar"
      aria-label="Webinar calendar"
      aria-busy={shownMonth ? undefined : true}
    >
      {shownMonth ? (
        <AtFirstMonth.Provider value={atFirstMonth}>
          <DayPicker
            mode="single"
            required
            selected={selected}
            onSelect={(date) => {
              setPicked(date);
              setReminder('');
              lastRequest.current += 1;
              setEmailLine(null);
            }}
            month={shownMonth}
            onMonthChange={setMonth}
            today={today ?? undefined}
            fixedWeeks
            showOutsideDays
            // No navigating into months with nothing to choose (the button refuses the month
            // before the first one; see PreviousMonthButton).
            startMonth={
              today && firstMonth > FIRST_DAY
                ? new Date(firstMonth.getFullYear(), firstMonth.getMonth() - 1, 1)
                : FIRST_DAY
            }
            endMonth={firstOfMonth(clampToBounds(lastDay))}
            disabled={disabled}
            components={CALENDAR_PARTS}
          />
        </AtFirstMonth.Provider>
      ) : (
        <CalendarShell />
      )}
      <div className="webinar-calendar-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!selected}
          aria-disabled={emailLine?.kind === 'sending' ? true : undefined}
          onClick={() => {
            if (selected && emailLine?.kind !== 'sending') remind(selected);
          }}
        >
          REMIND
        </button>
        <p role="status" aria-live="polite" className="webinar-calendar-reminder">
          {reminder}
        </p>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={
          emailLine?.kind === 'failed'
            ? 'webinar-calendar-email webinar-calendar-email--failed'
            : 'webinar-calendar-email'
        }
      >
        {emailLine === null ? null : emailLine.kind === 'sign-in' ? (
          <Link to={paths.login}>{MESSAGES.reminder.signInToRemind}</Link>
        ) : emailLine.kind === 'sending' ? (
          EMAIL_REMINDER_SENDING
        ) : emailLine.kind === 'set' ? (
          EMAIL_REMINDER_SET
        ) : (
          emailLine.text
        )}
      </p>
    </section>
  );
}

/** What the pre-rendered page shows until the visitor's month is known: the grid's size only. */
function CalendarShell() {
  return (
    <div className="webinar-calendar-shell" aria-hidden="true">
      <div className="webinar-calendar-shell-caption" />
      <div className="webinar-calendar-shell-grid">
        {Array.from({ length: DAY_CELLS + 7 }, (_, i) => (
          <span key={i} className="webinar-calendar-shell-cell" />
        ))}
      </div>
    </div>
  );
}
