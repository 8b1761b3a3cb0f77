import { formatCents } from '@brokerdesk/shared';
import type { Plan, PlanKind } from '@brokerdesk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { site } from '../../../content/site';
import './plans.css';

/** Where every card's Subscribe goes (docs/origin.md §2); the portal asks for sign-in if needed. */
export const SUBSCRIBE_PATH = '/userDashboard/packages';

function percent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

function duration(days: number): string {
  if (days === 7) return '1 week';
  return `${days} days`;
}

/**
 * Features other than duration and type, which the card already lists as facts, then the plan's
 * services (daily signals) only when the operator provides them (docs/decisions/105-claims-from-configuration.md).
 */
function extraFeatures(plan: Plan, planServices: boolean): readonly string[] {
  const features = plan.features.filter((feature) => !/^(duration|type):/i.test(feature));
  return planServices ? [...features, ...plan.services] : features;
}

const HEADINGS: Record<PlanKind, string> = { weekly: 'Weekly plans', monthly: 'Monthly plans' };

/**
 * One plan's card: price, deposit bonus, referral bonus, duration, type and features, then its
 * call to action. No card shows or implies a return (docs/product.md §1.2): the seed's ROI line is
 * deliberately absent. The portal's packages page uses it too, with a Subscribe button.
 */
export function PlanCard({
  plan,
  nameLevel: Name = 'h4',
  planServices = !!site.claims.planServices,
  children,
}: {
  plan: Plan;
  nameLevel?: 'h3' | 'h4';
  /** Tests pass it; the site passes the operator's content. */
  planServices?: boolean;
  children: ReactNode;
}) {
  const extras = extraFeatures(plan, planServices);
  return (
    <li className="plan-card">
      <Name className="plan-name">{plan.name}</Name>
      <p className="plan-price">{formatCents(plan.priceCents)}</p>
      <dl className="plan-facts">
        <div>
          <dt>Deposit bonus</dt>
          <dd>{percent(plan.depositBonusBp)}</dd>
        </div>
        <div>
          <dt>Referral bonus</dt>
          <dd>{percent(plan.referralBonusBp)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{duration(plan.durationDays)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{plan.type}</dd>
        </div>
        {plan.spreadsFrom ? (
          <div>
            <dt>Spreads from</dt>
            <dd>{plan.spreadsFrom}</dd>
          </div>
        ) : null}
      </dl>
      {extras.length > 0 ? (
        <ul className="plan-features">
          {extras.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </li>
  );
}

/** The home page's plan cards, weekly then monthly, each linking to the portal. */
export function PlanCards({
  plans,
  planServices = !!site.claims.planServices,
}: {
  plans: readonly Plan[];
  planServices?: boolean;
}) {
  return (
    <section className="plans" aria-labelledby="plans-title">
      <div className="container">
        <h2 id="plans-title">Our plans</h2>
        {(['weekly', 'monthly'] as const).map((kind) => (
          <div key={kind} className="plans-group">
            <h3 id={`plans-${kind}`}>{HEADINGS[kind]}</h3>
            <ul className="plan-grid" aria-labelledby={`plans-${kind}`}>
              {plans
                .filter((plan) => plan.kind === kind)
                .map((plan) => (
                  <PlanCard key={plan.id} plan={plan} planServices={planServices}>
                    <Link
                      to={SUBSCRIBE_PATH}
                      className="button button--primary button--block"
                      aria-label={`Subscribe to the ${plan.name} plan`}
                    >
                      Subscribe
                    </Link>
                  </PlanCard>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
