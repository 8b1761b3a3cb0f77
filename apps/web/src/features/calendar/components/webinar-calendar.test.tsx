import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { WebinarCalendar, reminderText } from './webinar-calendar';

const MARCH_2026 = new Date(2026, 2, 1);

/** The reminder line (react-day-picker has a live region of its own for the month caption). */
function reminder(): string {
  const line = document.querySelector('.webinar-calendar-reminder');
  expect(line?.getAttribute('role')).toBe('status');
  return line?.textContent ?? '';
}

function dayCells(): HTMLElement[] {
  return within(screen.getByRole('grid')).getAllByRole('gridcell');
}

describe('WebinarCalendar', () => {
  it('always shows six weeks (42 day cells), outside days included', async () => {
    const user = userEvent.setup();
    // February 2026 starts on a Sunday and fills exactly four weeks on its own.
    render(<WebinarCalendar initialMonth={new Date(2026, 1, 1)} />);
    expect(dayCells()).toHaveLength(42);
    expect(screen.getAllByRole('row').length).toBeGreaterThanOrEqual(6);

    await user.click(screen.getByRole('button', { name: /next month/i }));
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeTruthy();
    expect(dayCells()).toHaveLength(42);
  });

  it('shows the long en-US date of the selected day after REMIND', async () => {
    const user = userEvent.setup();
    render(<WebinarCalendar initialMonth={MARCH_2026} />);
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

  it('formats any date as weekday, month day, year', () => {
    expect(reminderText(new Date(1900, 0, 1))).toBe(
      'You will be reminded on Monday, January 1, 1900',
    );
  });

  it('pre-renders a shell that does not depend on the build date', () => {
    const html = renderToString(<WebinarCalendar />);
    expect(html).toContain('webinar-calendar-shell');
    expect(html).not.toMatch(
      /20\d\d|January|February|March|April|May|June|July|August|September|October|November|December/,
    );
    expect(html).toContain('REMIND');
  });

  it('hydrates the pre-rendered shell without a mismatch, then shows this month', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<WebinarCalendar />);
    document.body.append(container);
    const consoleError = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, <WebinarCalendar />, { onRecoverableError: recoverable }),
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
});
