import { describe, expect, it } from 'vitest';
import { formatLots, formatPoints, parseLots, parsePoints } from './decimal.js';
import { ceilRational, rational, roundHalfAwayFromZero } from './rational.js';

describe('decimal strings ↔ integer points and centilots', () => {
  it('parses plain decimals with at most `digits` decimals', () => {
    expect(parsePoints('1.10015', 5)).toBe(110015);
    expect(parsePoints('1.1', 5)).toBe(110000);
    expect(parsePoints('149', 3)).toBe(149000);
    expect(parsePoints('0.00001', 5)).toBe(1);
  });

  it('refuses anything that is not a plain decimal, or too precise', () => {
    for (const bad of [
      '1.100150',
      '-1.1',
      '+1',
      '1e5',
      ' 1.1',
      '1.1 ',
      '',
      '1.',
      '.5',
      '1,1',
      '0x10',
    ]) {
      expect(parsePoints(bad, 5), bad).toBeNull();
    }
    expect(parsePoints('9'.repeat(20), 5)).toBeNull();
  });

  it('formats points with exactly `digits` decimals', () => {
    expect(formatPoints(110015, 5)).toBe('1.10015');
    expect(formatPoints(5, 5)).toBe('0.00005');
    expect(formatPoints(-300, 2)).toBe('-3.00');
    expect(formatPoints(149985, 3)).toBe('149.985');
  });

  it('parses and formats lots as centilots', () => {
    expect([parseLots('0.1'), parseLots('0.10'), parseLots('1'), parseLots('50.00')]).toEqual([
      10, 10, 100, 5000,
    ]);
    expect([parseLots('0.105'), parseLots('-1'), parseLots('1e2')]).toEqual([null, null, null]);
    expect([formatLots(10), formatLots(5), formatLots(5000)]).toEqual(['0.10', '0.05', '50.00']);
  });
});

describe('rational rounding', () => {
  it('R½ rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(rational(5, 2))).toBe(3n);
    expect(roundHalfAwayFromZero(rational(-5, 2))).toBe(-3n);
    expect(roundHalfAwayFromZero(rational(7, 3))).toBe(2n);
    expect(roundHalfAwayFromZero(rational(-7, 3))).toBe(-2n);
    expect(roundHalfAwayFromZero(rational(-500, 3))).toBe(-167n);
  });

  it('ceil rounds up, also for negatives', () => {
    expect(ceilRational(rational(11, 2))).toBe(6n);
    expect(ceilRational(rational(-11, 2))).toBe(-5n);
    expect(ceilRational(rational(4, 2))).toBe(2n);
    expect(ceilRational(rational(3, -2))).toBe(-1n);
  });
});
