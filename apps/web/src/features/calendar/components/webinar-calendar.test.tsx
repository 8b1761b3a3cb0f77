import { MESSAGES } from '@brokerdesk/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { WebinarCalendar, reminderText } from './webinar-calendar';

const MARCH_2026 = new Date(2026, 2, 1);

/** The reminder line (react-day-picker has a live region of its own for the month caption). */
function reminder(): string {
  const line = document.querySelector('.webinar-calendar-reminder');
  expect(line?.getAttribute('role')).toBe('status');
  return line?.textContent ?? '';
}

/** The second line: the e-mail reminder, or the invitation to log in for one. */
function emailLine(): HTMLElement {
  const line = document.querySelector<HTMLElement>('.webinar-calendar-email');
  expect(line?.getAttribute('role')).toBe('status');
  if (!line) throw new Error('no e-mail line');
  return line;
}

/** The page sits in the app's router (the invitation links to /userLogin). */
function inRouter(children: ReactNode) {
  return <MemoryRouter initialEntries={['/calendar']}>{children}</MemoryRouter>;
}

function dayCells(): HTMLElement[] {
  return within(screen.getByRole('grid')).getAllByRole('gridcell');
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  // Today is 1 February 2026 (only Date is mocked; timers run), so March 2026 lies ahead.
  vi.setSystemTime(new Date(2026, 1, 1, 12));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WebinarCalendar', () => {
  it('always shows six weeks (42 day cells), outside days included', async () => {
    const user = userEvent.setup();
    // February 2026 starts on a Sunday and fills exactly four weeks on its own.
    render(inRouter(<WebinarCalendar initialMonth={new Date(2026, 1, 1)} />));
    expect(dayCells()).toHaveLength(42);
    expect(screen.getAllByRole('row').length).toBeGreaterThanOrEqual(6);

    await user.click(screen.getByRole('button', { name: /next month/i }));
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeTruthy();
    expect(dayCells()).toHaveLength(42);
  });

  it('keeps the outside days of a first week that starts in the month before today’s', async () => {
    vi.setSystemTime(new Date(2026, 11, 7, 12)); // 7 December 2026: the 1st is a Tuesday
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={new Date(2026, 11, 1)} />));
    expect(dayCells()).toHaveLength(42);
    expect(dayCells()[0]?.textContent).toBe('29'); // Sunday 29 November, disabled
    const previous = screen.getByRole('button', { name: /previous month/i });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await user.click(previous);
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
  });

  it('shows the long en-US date of the selected day after REMIND', async () => {
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    expect(reminder()).toBe('');

    await user.click(screen.getByRole('button', { name: /March 3rd, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));
    expect(reminder()).toBe('You will be reminded on Tuesday, March 3, 2026');

    // One date at a time: choosing another replaces it.
    await user.click(screen.getByRole('button', { name: /March 20th, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));
    expect(reminder()).toBe('You will be reminded on Friday, March 20, 2026');
    expect(
      within(screen.getByRole('grid')).getAllByRole('gridcell', { selected: true }),
    ).toHaveLength(1);
  });

  it('disables past days and days more than a year ahead, for the mouse and the keyboard', async () => {
    vi.setSystemTime(new Date(2026, 2, 10, 12)); // 10 March 2026
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    const yesterday = screen.getByRole('button', { name: /March 9th, 2026/ });
    expect((yesterday as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: /March 10th, 2026/ }) as HTMLButtonElement).disabled,
    ).toBe(false);

    await user.click(yesterday);
    await user.click(screen.getByRole('button', { name: 'REMIND' }));
    expect(reminder()).toBe('You will be reminded on Tuesday, March 10, 2026');

    // From today, the left arrow cannot reach yesterday.
    screen.getByRole('button', { name: /March 10th, 2026/ }).focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await user.click(screen.getByRole('button', { name: 'REMIND' }));
    expect(reminder()).toBe('You will be reminded on Tuesday, March 10, 2026');
    // Nothing before this month to go back to.
    expect(
      screen.getByRole('button', { name: /previous month/i }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('formats any date as weekday, month day, year', () => {
    expect(reminderText(new Date(1900, 0, 1))).toBe(
      'You will be reminded on Monday, January 1, 1900',
    );
  });

  it('pre-renders a shell that does not depend on the build date', () => {
    const html = renderToString(inRouter(<WebinarCalendar />));
    expect(html).toContain('webinar-calendar-shell');
    expect(html).not.toMatch(
      /20\d\d|January|February|March|April|May|June|July|August|September|October|November|December/,
    );
    expect(html).toContain('REMIND');
  });

  it('hydrates the pre-rendered shell without a mismatch, then shows this month', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(inRouter(<WebinarCalendar />));
    document.body.append(container);
    const consoleError = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, inRouter(<WebinarCalendar />), { onRecoverableError: recoverable }),
    );
    await waitFor(() => expect(within(container).getAllByRole('gridcell')).toHaveLength(42));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Today is selected, so REMIND works at once.
    const selected = within(container).getByRole('gridcell', { selected: true });
    expect(selected.getAttribute('data-day')).toBe(
      new Date().toLocaleDateString('en-CA'), // yyyy-mm-dd, local
    );
    act(() => root.unmount());
    container.remove();
  });

  it('invites a signed-out visitor to log in for an e-mail, and calls nothing', async () => {
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    await user.click(screen.getByRole('button', { name: /March 3rd, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));

    expect(reminder()).toBe('You will be reminded on Tuesday, March 3, 2026');
    const link = within(emailLine()).getByRole('link', { name: MESSAGES.reminder.signInToRemind });
    expect(link.getAttribute('href')).toBe('/userLogin');
    expect(api.requests).toHaveLength(0);
  });

  it('asks the server to e-mail a signed-in client on the chosen day', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('POST /api/reminders', 'pending');
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    await user.click(screen.getByRole('button', { name: /March 3rd, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));

    // The seed's line at once; the e-mail line says it is working.
    expect(reminder()).toBe('You will be reminded on Tuesday, March 3, 2026');
    expect(emailLine().textContent).toBe('Setting up your e-mail reminder…');
    expect(screen.getByRole('button', { name: 'REMIND' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    const [request] = api.requests;
    expect(request?.path).toBe('/api/reminders');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('user-token')).toBe('tok-1');
    expect(request?.body).toEqual({
      date: '2026-03-03',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // A second press while it works sends nothing more.
    await user.click(screen.getByRole('button', { name: 'REMIND' }));
    expect(api.requests).toHaveLength(1);
  });

  it("says 'We will e-mail you on that day.' once the server has it", async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('POST /api/reminders', {
      status: 201,
      body: { message: 'Reminder set', sendAt: '2026-03-20T08:00:00.000Z' },
    });
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    await user.click(screen.getByRole('button', { name: /March 20th, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));

    await waitFor(() => expect(emailLine().textContent).toBe('We will e-mail you on that day.'));
    expect(reminder()).toBe('You will be reminded on Friday, March 20, 2026');
    expect(api.requests[0]?.body).toMatchObject({ date: '2026-03-20' });

    // Choosing another day clears both lines.
    await user.click(screen.getByRole('button', { name: /March 21st, 2026/ }));
    expect(reminder()).toBe('');
    expect(emailLine().textContent).toBe('');
  });

  it("shows the server's words when it refuses the day", async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('POST /api/reminders', {
      status: 400,
      body: {
        message: MESSAGES.reminder.dateInvalid,
        code: 'VALIDATION_FAILED',
        fields: { date: [MESSAGES.reminder.dateInvalid] },
      },
    });
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    await user.click(screen.getByRole('button', { name: /March 3rd, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));

    await waitFor(() => expect(emailLine().textContent).toBe(MESSAGES.reminder.dateInvalid));
    expect(reminder()).toBe('You will be reminded on Tuesday, March 3, 2026');
  });

  it('treats an ended session as signed out', async () => {
    window.localStorage.setItem('user-token', 'expired');
    api.on('POST /api/reminders', {
      status: 401,
      body: { message: 'Not signed in', code: 'UNAUTHENTICATED' },
    });
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    await user.click(screen.getByRole('button', { name: /March 3rd, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));

    await waitFor(() => expect(emailLine().textContent).toBe(MESSAGES.reminder.signInToRemind));
    expect(window.localStorage.getItem('user-token')).toBeNull();
  });

  it('ignores the answer for a day that is no longer chosen', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    let answer: (() => void) | undefined;
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(fakeFetch(input, init));
        }),
    );
    api.on('POST /api/reminders', {
      status: 201,
      body: { message: 'Reminder set', sendAt: '2026-03-03T08:00:00.000Z' },
    });
    const user = userEvent.setup();
    render(inRouter(<WebinarCalendar initialMonth={MARCH_2026} />));
    await user.click(screen.getByRole('button', { name: /March 3rd, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'REMIND' }));
    await user.click(screen.getByRole('button', { name: /March 4th, 2026/ }));
    await act(async () => answer?.());

    expect(emailLine().textContent).toBe('');
  });

  it('reads no token while pre-rendering', () => {
    window.localStorage.setItem('user-token', 'tok-1');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    renderToString(inRouter(<WebinarCalendar />));
    expect(getItem).not.toHaveBeenCalled();
  });
});
