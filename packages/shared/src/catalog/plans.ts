import type { Cents } from '../money.js';

// The seed's fixed plans. Honesty rule (docs/product.md §1): no plan carries a promised return; the
// seed's "ROI" line is deliberately absent. Operators may replace this list in their content module.
export type PlanKind = 'weekly' | 'monthly';

export interface Plan {
  id: string;
  name: string;
  kind: PlanKind;
  priceCents: Cents;
  /** Deposit bonus credited on subscribing, in basis points of the price. */
  depositBonusBp: number;
  /** Referral bonus on a referred client's confirmed deposit, in basis points. */
  referralBonusBp: number;
  durationDays: number;
  type: string;
  features: readonly string[];
  /**
   * Extras that are a service someone must provide (the origin's "Daily signals"). The web shows
   * them only when the operator's content says it provides them
   * (docs/decisions/105-claims-from-configuration.md).
   */
  services: readonly string[];
  /** Monthly plans quote their spreads "from" this figure, in pips. */
  spreadsFrom?: string;
}

const WEEKLY_FEATURES = ['Duration: 1 week', 'Type: short time'] as const;
const MONTHLY_FEATURES = ['Negative balance protection', 'Scalping', 'Financial plan'] as const;
const MONTHLY_SERVICES = ['Daily signals'] as const;

function weekly(id: string, name: string, dollars: number, bonusPercent: number): Plan {
  return {
    id,
    name,
    kind: 'weekly',
    priceCents: dollars * 100,
    depositBonusBp: bonusPercent * 100,
    referralBonusBp: 1000,
    durationDays: 7,
    type: 'Short time',
    features: WEEKLY_FEATURES,
    services: [],
  };
}

function monthly(
  id: string,
  name: string,
  dollars: number,
  bonusPercent: number,
  spreadsFrom: string,
): Plan {
  return {
    id,
    name,
    kind: 'monthly',
    priceCents: dollars * 100,
    depositBonusBp: bonusPercent * 100,
    referralBonusBp: 1000,
    durationDays: 30,
    type: 'Long time',
    features: MONTHLY_FEATURES,
    services: MONTHLY_SERVICES,
    spreadsFrom,
  };
}

export const PLANS: readonly Plan[] = [
  weekly('basic', 'Basic', 1_000, 10),
  weekly('deluxe', 'Deluxe', 2_000, 15),
  weekly('executive', 'Executive', 5_000, 20),
  weekly('gold', 'Gold', 10_000, 25),
  monthly('premium', 'Premium', 15_000, 30, '1.9'),
  monthly('vip', 'VIP', 20_000, 35, '1.5'),
  monthly('vip-luxury', 'VIP Luxury', 25_000, 40, '1.2'),
  monthly('platinum', 'Platinum', 30_000, 50, '1.2'),
];
