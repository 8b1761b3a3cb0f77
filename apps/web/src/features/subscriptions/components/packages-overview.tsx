import { formatCents, MESSAGES, PLANS } from '@brokerdesk/shared';
import type { Plan } from '@brokerdesk/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/money';
import { useDashboard } from '../../../api/get-dashboard';
import { EmailNotVerifiedNotice } from '../../email-verification';
import { PlanGroups } from '../../plans';
import { useSubscribe } from '../api/subscribe';
import '../subscriptions.css';

const GROUP_HEADINGS = { weekly: 'Weekly Plans', monthly: 'Monthly Plans' } as const;

type Outcome =
  | { kind: 'subscribed'; planName: string; amountMinor: number }
  | { kind: 'insufficient-funds' }
  | { kind: 'failed' };

/**
 * The packages page (docs/origin.md §2 /userDashboard/packages): the balance, then the plan cards with a
 * Subscribe button each. One press sends one request with its own idempotency key; the answer
 * opens a modal dialog, and closing it returns focus to the button that was pressed.
 */
export function PackagesOverview() {
  const dashboard = useDashboard();
  const subscription = useSubscribe();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pressedButton = useRef<HTMLButtonElement | null>(null);

  const onSubscribe = (plan: Plan, button: HTMLButtonElement) => {
    pressedButton.current = button;
    setOutcome(null);
    subscription.mutate(
      { planId: plan.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (answer) =>
          setOutcome({
            kind: 'subscribed',
            planName: answer.subscription.planName,
            amountMinor: answer.subscription.amountMinor,
          }),
        onError: (error) => {
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
              onClick={(event) => onSubscribe(plan, event.currentTarget)}
            >
              {pending ? 'Subscribing…' : 'Subscribe'}
            </button>
          );
        }}
      />

      {outcome ? (
        <ModalDialog
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
