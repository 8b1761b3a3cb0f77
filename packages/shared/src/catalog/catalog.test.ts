import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.js';
import {
  COMMODITY_FUTURES,
  ENERGY_AND_METALS,
  FOREX_INSTRUMENTS,
  LISTED_INSTRUMENT_COUNT,
  SHARE_INDEXES,
} from './instruments.js';
import { PAYMENT_METHODS, WITHDRAWAL_PROCESSING } from './payment-methods.js';
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

  it('counts each listed instrument once (59 forex, 2 energy, 4 metals futures, 8 indexes)', () => {
    const names = [
      ...FOREX_INSTRUMENTS,
      ...ENERGY_AND_METALS,
      ...COMMODITY_FUTURES,
      ...SHARE_INDEXES,
    ];
    expect(LISTED_INSTRUMENT_COUNT).toBe(new Set(names.map((row) => row.instrument)).size);
    expect(LISTED_INSTRUMENT_COUNT).toBe(73);
  });

  it('states no withdrawal as instant: every request is reviewed within 1 business day', () => {
    expect(WITHDRAWAL_PROCESSING).toContain('within 1 business day');
    for (const method of PAYMENT_METHODS) {
      expect(method.withdrawalTime, method.name).toMatch(/^Up to \d business days?$/);
    }
  });

  it('keeps the monthly plans’ daily signals apart, as a service the operator must provide', () => {
    const platinum = PLANS.find((plan) => plan.id === 'platinum');
    expect(platinum?.features).not.toContain('Daily signals');
    expect(platinum?.services).toEqual(['Daily signals']);
  });
});
