import { describe, expect, it } from 'vitest';
import { formatDay, formatTimestamp } from './timestamp';

describe('formatTimestamp', () => {
  it('writes en-GB day-month-year with dashes and a 24-hour time', () => {
    expect(formatTimestamp('2026-03-03T14:05:09.000Z', 'UTC')).toBe('03-03-2026, 14:05:09');
  });

  it('uses the given time zone (the reader’s by default)', () => {
    expect(formatTimestamp('2026-03-03T23:30:00.000Z', 'Asia/Tokyo')).toBe('04-03-2026, 08:30:00');
    expect(formatTimestamp('2026-12-31T00:00:00.000Z', 'UTC')).toBe('31-12-2026, 00:00:00');
  });

  it('leaves a value that is not a time as it is', () => {
    expect(formatTimestamp('not a date', 'UTC')).toBe('not a date');
  });
});

describe('formatDay', () => {
  it('turns a calendar day around without any time zone', () => {
    expect(formatDay('2026-03-03')).toBe('03-03-2026');
  });
});
