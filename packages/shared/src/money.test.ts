import { describe, expect, it } from 'vitest';
import { centsToDollars, formatCents, MAX_AMOUNT_CENTS, parseDollars, percentOf } from './money.js';
import { feeOf } from './withdrawal-rules.js';

describe('parseDollars', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['0.1', 10],
    [' 300 ', 30000],
    ['10000000', MAX_AMOUNT_CENTS],
    [0.1, 10],
    [19.99, 1999],
    [1000, 100000],
  ])('parses %j as %d cents', (input, cents) => {
    expect(parseDollars(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ['12.345', 'too-many-decimals'],
    [12.345, 'too-many-decimals'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['+5', 'format'],
    ['', 'format'],
    ['abc', 'format'],
    ['1,000', 'format'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    ['10000000.01', 'too-large'],
    ['99999999999', 'too-large'],
    [1e21, 'format'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(parseDollars(input)).toEqual({ ok: false, reason });
  });
});

describe('centsToDollars and formatCents', () => {
  it('converts exactly at the edge', () => {
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(-5)).toBe(-0.05);
    expect(centsToDollars(100000000)).toBe(1000000);
  });

  it('formats for people', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });

  it('writes a negative amount with a true minus sign (U+2212), never a hyphen', () => {
    expect(formatCents(-300)).toBe('\u2212$3.00');
    expect(formatCents(-123456)).toBe('\u2212$1,234.56');
    expect(formatCents(-0)).toBe('$0.00');
  });

  it('refuses non-integer cents', () => {
    expect(() => centsToDollars(1.5)).toThrow(TypeError);
  });
});

describe('percentOf', () => {
  it('takes basis points with half-away-from-zero rounding', () => {
    expect(percentOf(100000, 1000)).toBe(10000); // 10% of $1,000
    expect(percentOf(333, 290)).toBe(10); // 2.9% of $3.33 = 9.657 → 10
    expect(percentOf(50, 1000)).toBe(5);
    expect(percentOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(percentOf(-5, 1000)).toBe(-1);
    expect(percentOf(4, 1000)).toBe(0);
  });
});

describe('feeOf', () => {
  it('rounds a fee up to the next cent, so no amount is charged nothing', () => {
    expect(feeOf(17, 290)).toBe(1); // 2.9% of 17 cents = 0.493 → 1 (percentOf gave 0)
    expect(feeOf(1, 290)).toBe(1);
    expect(feeOf(333, 290)).toBe(10); // 9.657 → 10
    expect(feeOf(1000, 290)).toBe(29); // exact: no rounding
    expect(feeOf(20_000, 290)).toBe(580);
    expect(feeOf(0, 290)).toBe(0);
    expect(feeOf(500, 0)).toBe(0);
  });

  it('never rounds a positive fee below the exact figure, up to the largest amount', () => {
    for (const cents of [1, 7, 17, 34, 99, 1_001, 123_457, MAX_AMOUNT_CENTS]) {
      const fee = feeOf(cents, 290);
      expect(fee * 10_000).toBeGreaterThanOrEqual(cents * 290);
      expect((fee - 1) * 10_000).toBeLessThan(cents * 290);
    }
  });
});
