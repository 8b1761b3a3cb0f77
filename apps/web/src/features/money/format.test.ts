import { describe, expect, it } from 'vitest';
import { formatBasisPoints } from './format';

describe('formatBasisPoints', () => {
  it('writes basis points as a percentage', () => {
    expect(formatBasisPoints(290)).toBe('2.9%');
    expect(formatBasisPoints(1000)).toBe('10%');
    expect(formatBasisPoints(5)).toBe('0.05%');
  });
});
