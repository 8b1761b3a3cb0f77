import { MESSAGES } from '@brokerdesk/shared';
import { useState, useSyncExternalStore } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './webinar-calendar.css';

// Seed §5: the calendar's bounds.
const FIRST_DAY = new Date(1900, 0, 1);
const LAST_DAY = new Date(2099, 11, 31);
const DISABLED = [{ before: FIRST_DAY }, { after: LAST_DAY }];
/** Six weeks of seven days, whatever the month (seed §9: "always six weeks"). */
const DAY_CELLS = 42;

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'You will be reminded on Tuesday, March 3, 2026'. */
export function reminderText(date: Date): string {
  return `${MESSAGES.calendar.remindPrefix} ${LONG_DATE.format(date)}`;
}

function firstOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

const noSubscription = () => () => {};
const todayKey = () => {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
};

/**
 * The visitor's today, or null while pre-rendering and hydrating: the pre-rendered HTML must
 * not depend on the build date (PRODUCT.md §8), and hydration must match it.
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
   * after hydration (the pre-rendered HTML must not depend on the build date, PRODUCT.md §8).
   */
  initialMonth?: Date;
}

/**
 * Seed §2 /calendar: a month view that always shows six weeks with outside days, one selected
 * date, and REMIND, which shows the selected date in long form (a local message, no call).
 */
export function WebinarCalendar({ initialMonth }: WebinarCalendarProps) {
  const today = useToday();
  const [month, setMonth] = useState<Date | null>(initialMonth ?? null);
  const [picked, setPicked] = useState<Date | undefined>(undefined);
  const [reminder, setReminder] = useState('');

  // Until the visitor picks a day, today is selected (once it is known, after hydration).
  const selected = picked ?? (today ? clampToBounds(today) : undefined);
  const shownMonth = month ?? (selected ? firstOfMonth(selected) : null);

  return (
    <section
      className="webinar-calendar"
      aria-label="Webinar calendar"
      aria-busy={shownMonth ? undefined : true}
    >
      {shownMonth ? (
        <DayPicker
          mode="single"
          required
          selected={selected}
          onSelect={(date) => {
            setPicked(date);
            setReminder('');
          }}
          month={shownMonth}
          onMonthChange={setMonth}
          today={today ?? undefined}
          fixedWeeks
          showOutsideDays
          startMonth={FIRST_DAY}
          endMonth={LAST_DAY}
          disabled={DISABLED}
        />
      ) : (
        <CalendarShell />
      )}
      <div className="webinar-calendar-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!selected}
          onClick={() => {
            if (selected) setReminder(reminderText(selected));
          }}
        >
          REMIND
        </button>
        <p role="status" aria-live="polite" className="webinar-calendar-reminder">
          {reminder}
        </p>
      </div>
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
