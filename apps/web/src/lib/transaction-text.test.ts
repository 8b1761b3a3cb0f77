import { describe, expect, it } from 'vitest';
import { formatSignedCents, methodName } from './transaction-text';

describe('formatSignedCents', () => {
  it('signs money in with + and money out with a minus sign', () => {
    expect(formatSignedCents(50_000, 'credit')).toBe('+$500.00');
    expect(formatSignedCents(20_580, 'debit')).toBe('\u2212$205.80');
  });
});

describe('methodName', () => {
  it('uses the seed name of a method', () => {
    expect(methodName('qiwi')).toBe('QiWi Wallet');
    expect(methodName(null)).toBe('—');
  });
});
