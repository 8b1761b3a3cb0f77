import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.js';
import { FOREX_INSTRUMENTS, SHARE_INDEXES } from './instruments.js';
import { PLANS } from './plans.js';

describe('catalogues carried over from the origin', () => {
  it('lists the 159 registration countries once each', () => {
    expect(COUNTRIES).toHaveLength(159);
    expect(new Set(COUNTRIES).size).toBe(159);
  });

  it('keeps the seed plan prices and bonuses, and promises no return', () => {
    expect(PLANS.map((p) => [p.name, p.priceCents / 100, p.depositBonusBp / 100])).toEqual([
      ['Basic', 1000, 10],
      ['Deluxe', 2000, 15],
      ['Executive', 5000, 20],
      ['Gold', 10000, 25],
      ['Premium', 15000, 30],
      ['VIP', 20000, 35],
      ['VIP Luxury', 25000, 40],
      ['Platinum', 30000, 50],
    ]);
    expect(JSON.stringify(PLANS)).not.toMatch(/\bROI\b|% daily|return/i);
  });

  it('has the forex table of 59 instruments and the 8 indexes', () => {
    expect(FOREX_INSTRUMENTS).toHaveLength(59);
    expect(SHARE_INDEXES.map((i) => i.instrument)).toContain('USA500');
  });
});
