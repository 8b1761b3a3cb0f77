import { formatCents, type DashboardSubscription } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { dollarsToCents } from '../../../lib/money';

/**
 * The plans the client holds and what they paid for them, so the money a plan took from the
 * balance is accounted for on the dashboard (issue 16). `subscriptions` undefined = loading.
 */
export function PlansHeld({
  subscriptions,
}: {
  subscriptions: readonly DashboardSubscription[] | undefined;
}) {
  const headingId = useId();
  const active = subscriptions?.filter((plan) => plan.status === 'Active') ?? [];
  const others = (subscriptions?.length ?? 0) - active.length;
  const paidMinor = active.reduce((sum, plan) => sum + dollarsToCents(plan.amount), 0);

  return (
    <section className="dashboard-panel dashboard-plans" aria-labelledby={headingId}>
      <h2 id={headingId}>Your plans</h2>
      {subscriptions === undefined ? (
        <p aria-busy="true">
          <Skeleton size="lg" />
        </p>
      ) : active.length === 0 ? (
        <p>
          You hold no active plan. <Link to={paths.packages}>Browse the packages</Link>
        </p>
      ) : (
        <>
          <ul>
            {active.map((plan) => (
              <li key={plan._id}>
                <strong>{plan.planName}</strong>: {formatCents(dollarsToCents(plan.amount))} paid,
                active until <DateTime value={plan.endDate} />
              </li>
            ))}
          </ul>
          <p className="dashboard-plans-total">
            Paid for {active.length === 1 ? 'this plan' : 'these plans'}: {formatCents(paidMinor)}.
            This money is no longer part of your balance.
          </p>
        </>
      )}
      {others > 0 ? (
        <p>
          <Link to={paths.subscriptionTrade}>
            {others === 1 ? 'See your earlier plan' : `See your ${others} earlier plans`}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
