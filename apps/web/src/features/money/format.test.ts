import { describe, expect, it } from 'vitest';
import {
  formatBasisPoints,
  formatDateTime,
  formatDay,
  formatSignedCents,
  methodName,
} from './format';

describe('formatDateTime', () => {
  it('writes en-GB day-month-year with dashes and a 24-hour time', () => {
    expect(formatDateTime('2026-03-03T14:05:09.000Z', 'UTC')).toBe('03-03-2026, 14:05:09');
  });

  it('uses the given time zone (the reader’s by default)', () => {
    expect(formatDateTime('2026-03-03T23:30:00.000Z', 'Asia/Tokyo')).toBe('04-03-2026, 08:30:00');
    expect(formatDateTime('2026-12-31T00:00:00.000Z', 'UTC')).toBe('31-12-2026, 00:00:00');
  });

  it('leaves a value that is not a time as it is', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
  });
});

describe('formatDay', () => {
  it('turns a calendar day around without any time zone', () => {
    expect(formatDay('2026-03-03')).toBe('03-03-2026');
  });
});

describe('formatSignedCents', () => {
  it('signs money in with + and money out with a minus sign', () => {
    expect(formatSignedCents(50_000, 'credit')).toBe('+$500.00');
    expect(formatSignedCents(20_580, 'debit')).toBe('\u2212$205.80');
  });
});

describe('formatBasisPoints', () => {
  it('writes basis points as a percentage', () => {
    expect(formatBasisPoints(290)).toBe('2.9%');
    expect(formatBasisPoints(1000)).toBe('10%');
    expect(formatBasisPoints(5)).toBe('0.05%');
  });
});

describe('methodName', () => {
  it('uses the seed name of a method', () => {
    expect(methodName('qiwi')).toBe('QiWi Wallet');
    expect(methodName(null)).toBe('—');
  });
});
