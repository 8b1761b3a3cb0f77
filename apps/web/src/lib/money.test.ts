import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatDollars } from './money';

describe('formatDollars', () => {
  it('formats the seed’s dollar numbers like "$0.00"', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(1234567.89)).toBe('$1,234,567.89');
    expect(formatDollars(-20)).toBe('\u2212$20.00');
  });

  it('refuses amounts with more than two decimals rather than rounding silently', () => {
    expect(dollarsToCents(0.1)).toBe(10);
    expect(() => dollarsToCents(0.1 + 0.2)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });
});
