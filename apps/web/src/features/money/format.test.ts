import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatSignedCents, methodName } from './format';

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
