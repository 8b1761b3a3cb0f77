import { describe, expect, it } from 'vitest';
import { formatDate } from './date-time';

describe('formatDate', () => {
  it('keeps a calendar date on its day in every time zone', () => {
    expect(formatDate('2026-03-03')).toBe('3 March 2026');
  });

  it('formats a timestamp as a long en-GB date, with the time when asked', () => {
    const value = '2026-03-03T10:15:00.000Z';
    const local = new Date(value);
    const day = local.toLocaleDateString('en-GB', { dateStyle: 'long' });
    expect(formatDate(value)).toBe(day);
    expect(formatDate(value, true)).toMatch(new RegExp(`^${day}.*\\d{2}:\\d{2}$`));
  });

  it('shows a value that is not a date as it came, never "Invalid Date"', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});
