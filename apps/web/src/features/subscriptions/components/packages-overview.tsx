import { formatCents, MESSAGES, percentOf, PLANS } from '@brokerdesk/shared';
import type { Plan } from '@brokerdesk/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateTime } from '../../../components/ui/date-time';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { dollarsToCents, formatDollars } from '../../../lib/money';
import { useDashboard } from '../../../api/get-dashboard';
import { EmailNotVerifiedNotice } from '../../email-verification';
import { PlanGroups } from '../../plans';
import { useSubscribe } from '../api/subscribe';
import '../subscriptions.css';

const GROUP_HEADINGS = { weekly: 'Weekly Plans', monthly: 'Monthly Plans' } as const;

type Outcome =
  | { kind: 'subscribed'; planName: string; amountMinor: number; status: string; endDate: string }
  | { kind: 'insufficient-funds' }
  | { kind: 'failed' };

/**
 * The packages page (docs/origin.md §2 /userDashboard/packages): the balance, then the plan cards with a
 * Subscribe button each. Subscribe first asks for confirmation (plan, price, deposit bonus, the
 * balance left), because the plan is paid at once (docs/decisions/106); Subscribe in that dialog
 * sends one request with its own idempotency key. The answer opens the origin's modal, and
 * closing it returns focus to the plan's button.
 */
export function PackagesOverview() {
  const dashboard = useDashboard();
  const subscription = useSubscribe();
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pressedButton = useRef<HTMLButtonElement | null>(null);

  const onSubscribe = (plan: Plan) => {
    setOutcome(null);
    subscription.mutate(
      { planId: plan.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          setOutcome({
            kind: 'subscribed',
            planName: answer.subscription.planName,
            amountMinor: answer.subscription.amountMinor,
            status: answer.subscription.status,
            endDate: answer.subscription.endDate,
          });
        },
        onError: (error) => {
          setConfirming(null);
          // A 401 ended the session; the portal is already on its way to the login page.
          if (error instanceof ApiError && error.status === 401) return;
          setOutcome(
            error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS'
              ? { kind: 'insufficient-funds' }
              : { kind: 'failed' },
          );
        },
      },
    );
  };

  const pendingPlanId = subscription.isPending ? subscription.variables.planId : null;
  const finances = dashboard.data?.userInfo.finances;

  return (
    <div className="page-section">
      <h1>Packages</h1>
      <p className="packages-balance" aria-busy={dashboard.isPending}>
        <span className="packages-balance-label">Your balance</span>
        <span className="packages-balance-value">
          {finances ? (
            formatDollars(finances[0]?.balance ?? 0)
          ) : dashboard.isError ? (
            'Not available right now'
          ) : (
            <Skeleton size="lg" />
          )}
        </span>
      </p>
      <p className="lead">
        A plan is paid from your balance. Its deposit bonus is credited when you subscribe. No plan
        promises a return.
      </p>

      <PlanGroups
        plans={PLANS}
        headings={GROUP_HEADINGS}
        renderAction={(plan) => {
          const pending = pendingPlanId === plan.id;
          return (
            <button
              type="button"
              className="button button--primary button--block"
              aria-label={
                pending
                  ? `Subscribing to the ${plan.name} plan…`
                  : `Subscribe to the ${plan.name} plan`
              }
              disabled={subscription.isPending}
              onClick={(event) => {
                pressedButton.current = event.currentTarget;
                setOutcome(null);
                setConfirming(plan);
              }}
            >
              {pending ? 'Subscribing…' : 'Subscribe'}
            </button>
          );
        }}
      />

      {confirming ? (
        <ConfirmDialog
          // A key of its own: the outcome's dialog must mount afresh and take focus.
          key="confirm"
          title={`Subscribe to the ${confirming.name} plan?`}
          confirmLabel="Subscribe"
          pendingLabel="Subscribing…"
          pending={subscription.isPending}
          onConfirm={() => onSubscribe(confirming)}
          onClose={() => setConfirming(null)}
          returnFocusRef={pressedButton}
        >
          <PlanCost plan={confirming} balance={finances?.[0]?.balance} />
        </ConfirmDialog>
      ) : null}

      {outcome ? (
        <ModalDialog
          key="outcome"
          title={
            outcome.kind === 'subscribed'
              ? MESSAGES.subscription.processing
              : MESSAGES.subscription.failedTitle
          }
          tone={outcome.kind === 'subscribed' ? 'success' : 'failure'}
          onClose={() => setOutcome(null)}
          returnFocusRef={pressedButton}
        >
          {outcome.kind === 'subscribed' ? (
            <>
              <p>
                Plan: <strong>{outcome.planName}</strong> ({formatCents(outcome.amountMinor)})
              </p>
              <p>
                Status: <strong>{outcome.status}</strong>, until{' '}
                <DateTime value={outcome.endDate} />
              </p>
              <p>
                <Link to={paths.subscriptionTrade}>See your subscriptions</Link>
              </p>
            </>
          ) : outcome.kind === 'insufficient-funds' ? (
            <>
              <p>{MESSAGES.subscription.insufficientFunds}</p>
              <p>Add funds to your balance, then subscribe again.</p>
              <p>
                <Link to={paths.depositWithdrawal} className="button button--primary">
                  Deposit
                </Link>
              </p>
            </>
          ) : (
            <EmailNotVerifiedNotice
              error={subscription.error}
              showMessage
              otherwise={<p>{MESSAGES.subscription.failure}</p>}
            />
          )}
        </ModalDialog>
      ) : null}
    </div>
  );
}

/**
 * What subscribing costs: the price leaves the available balance and the deposit bonus is
 * credited to it at once (docs/ledger.md), so the balance left is balance − price + bonus.
 */
function PlanCost({ plan, balance }: { plan: Plan; balance: number | undefined }) {
  const bonusMinor = percentOf(plan.priceCents, plan.depositBonusBp);
  const balanceMinor = balance === undefined ? null : dollarsToCents(balance);
  const enough = balanceMinor !== null && balanceMinor >= plan.priceCents;
  return (
    <>
      <dl className="plan-cost">
        <dt>Plan</dt>
        <dd>
          {plan.name} ({plan.durationDays} days)
        </dd>
        <dt>Price, paid now from your balance</dt>
        <dd>{formatCents(plan.priceCents)}</dd>
        <dt>Deposit bonus, credited now</dt>
        <dd>
          {formatCents(bonusMinor)} ({plan.depositBonusBp / 100}%)
        </dd>
        {balanceMinor !== null ? (
          <>
            <dt>Your available balance</dt>
            <dd>{formatCents(balanceMinor)}</dd>
            {enough ? (
              <>
                <dt>Left after subscribing</dt>
                <dd>{formatCents(balanceMinor - plan.priceCents + bonusMinor)}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      {balanceMinor !== null && !enough ? <p>Your balance is less than the price.</p> : null}
    </>
  );
}
