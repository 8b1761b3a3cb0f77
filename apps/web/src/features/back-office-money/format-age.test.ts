import { describe, expect, it } from 'vitest';
import { formatAge, isOverdue } from './format-age';

const NOW = Date.parse('2026-03-03T12:00:00.000Z');

describe('formatAge', () => {
  it('rounds down to minutes, hours or days', () => {
    expect(formatAge('2026-03-03T11:59:30.000Z', NOW)).toBe('Under 1 min');
    expect(formatAge('2026-03-03T11:48:00.000Z', NOW)).toBe('12 min');
    expect(formatAge('2026-03-03T09:00:01.000Z', NOW)).toBe('2 h');
    expect(formatAge('2026-03-03T09:00:00.000Z', NOW)).toBe('3 h');
    expect(formatAge('2026-03-01T11:00:00.000Z', NOW)).toBe('2 d');
  });

  it('never shows a negative age for a clock that runs ahead, nor a bad date', () => {
    expect(formatAge('2026-03-03T12:05:00.000Z', NOW)).toBe('Under 1 min');
    expect(formatAge('soon', NOW)).toBe('—');
  });

  it('marks a request waiting a day or more as overdue', () => {
    expect(isOverdue('2026-03-02T12:00:00.000Z', NOW)).toBe(true);
    expect(isOverdue('2026-03-02T12:00:01.000Z', NOW)).toBe(false);
  });
});
