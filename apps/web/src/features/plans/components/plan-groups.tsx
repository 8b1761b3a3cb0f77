import type { Plan, PlanKind } from '@brokerdesk/shared';
import { useId, type ReactNode } from 'react';
import { PlanCard } from './plan-cards';
import './plans.css';

/**
 * The plans as two sections (weekly, monthly) for a page whose h1 already says what they are:
 * the portal's packages page. Same cards as the home page (`PlanCard`); the caller supplies each
 * card's action. Kept out of plan-cards.tsx so the home page's JavaScript does not grow.
 */
export function PlanGroups({
  plans,
  headings,
  renderAction,
}: {
  plans: readonly Plan[];
  headings: Record<PlanKind, string>;
  renderAction: (plan: Plan) => ReactNode;
}) {
  const idPrefix = useId();
  return (
    <div className="plans plans--embedded">
      {(['weekly', 'monthly'] as const).map((kind) => {
        const headingId = `${idPrefix}-${kind}`;
        return (
          <section key={kind} className="plans-group" aria-labelledby={headingId}>
            <h2 id={headingId}>{headings[kind]}</h2>
            <ul className="plan-grid" aria-labelledby={headingId}>
              {plans
                .filter((plan) => plan.kind === kind)
                .map((plan) => (
                  <PlanCard key={plan.id} plan={plan} nameLevel="h3">
                    {renderAction(plan)}
                  </PlanCard>
                ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
