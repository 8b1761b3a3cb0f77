import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api-client';
import {
  useResolveMoneyRequest,
  type RequestDecision,
  type RequestKind,
} from '../api/resolve-money-request';
import { useIntentKey } from '../../../lib/use-intent-key';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import '../back-office-money.css';

const DONE: Record<RequestDecision, string> = {
  confirm: 'confirmed',
  approve: 'approved',
  reject: 'rejected',
};

const PENDING: Record<RequestDecision, string> = {
  confirm: 'Confirming…',
  approve: 'Approving…',
  reject: 'Rejecting…',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The server's words for a 4xx ('This request is already completed'), else a generic line. */
export function decisionFailureText(error: unknown, decision: RequestDecision): string {
  return actionFailureText(error, `We could not ${decision} this request. Please try again.`);
}

/** 409: resolved by someone else; 404: gone. Either way the row is stale. */
function isFinalForRow(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/** What accepting does, said in the confirmation before any money moves. */
const ACCEPT_EFFECT: Record<RequestKind, string> = {
  deposit:
    'Confirm only when the money has arrived. The amount is credited to the client’s balance at once.',
  withdrawal:
    'The held amount leaves the client’s account for good. Send the money to the destination shown.',
};

/**
 * Confirm (deposit) or Approve (withdrawal), and Reject with a reason, for one pending request.
 * Each decision is asked for in a dialog first (it moves money: docs/decisions/106) and carries
 * one idempotency key per intent. The outcome goes to `onOutcome`, which the page keeps in a
 * live region: it is reported from the request's promise, not from this component, because a
 * success removes the row — and this component with it — before the answer is handled.
 * Render only for staff with `money:write`.
 */
export function RequestActions({
  id,
  kind,
  subject,
  onOutcome,
}: {
  id: string;
  kind: RequestKind;
  /** Names the request for buttons and messages: "deposit of $500.00 by Ann Lee". */
  subject: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const resolve = useResolveMoneyRequest();
  const intent = useIntentKey();
  const [asking, setAsking] = useState<RequestDecision | null>(null);
  const [dialogFailure, setDialogFailure] = useState<string | null>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const accept: RequestDecision = kind === 'deposit' ? 'confirm' : 'approve';
  const acceptLabel = accept === 'confirm' ? 'Confirm' : 'Approve';
  const pendingDecision = resolve.isPending ? resolve.variables.decision : null;

  const decide = async (decision: RequestDecision, reason?: string) => {
    setDialogFailure(null);
    try {
      const answer = await resolve.mutateAsync({
        id,
        kind,
        decision,
        reason,
        idempotencyKey: intent.keyFor(`${decision}:${id}:${reason ?? ''}`),
      });
      intent.settle();
      setAsking(null);
      // Under the four-eyes rule a first approval leaves the request pending: say so.
      const text =
        answer.transaction.status === 'pending'
          ? `${capitalise(subject)}: ${answer.message}`
          : `${capitalise(subject)} ${DONE[decision]}.`;
      onOutcome({ tone: 'success', text });
    } catch (error) {
      intent.settle(error);
      const text = decisionFailureText(error, decision);
      if (!isFinalForRow(error)) {
        // The dialog stays open with the reason, to try again or cancel.
        setDialogFailure(text);
        return;
      }
      setAsking(null);
      onOutcome({ tone: 'failure', text: `${capitalise(subject)}: ${text}` });
    }
  };

  const open = (decision: RequestDecision) => {
    setDialogFailure(null);
    setAsking(decision);
  };

  return (
    <div className="bo-request-actions">
      <button
        ref={acceptRef}
        type="button"
        className="button button--primary"
        onClick={() => open(accept)}
        disabled={resolve.isPending}
      >
        {pendingDecision === accept ? PENDING[accept] : acceptLabel}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      <button
        ref={rejectRef}
        type="button"
        className="button button--secondary"
        onClick={() => open('reject')}
        disabled={resolve.isPending}
      >
        {pendingDecision === 'reject' ? PENDING.reject : 'Reject'}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      {asking === accept ? (
        <ConfirmDialog
          title={`${acceptLabel} the ${subject}?`}
          confirmLabel={`${acceptLabel} ${kind}`}
          pendingLabel={PENDING[accept]}
          pending={resolve.isPending}
          failure={dialogFailure}
          onConfirm={() => void decide(accept)}
          onClose={() => setAsking(null)}
          returnFocusRef={acceptRef}
        >
          <p>{ACCEPT_EFFECT[kind]}</p>
        </ConfirmDialog>
      ) : null}
      {asking === 'reject' ? (
        <ReasonDialog
          title={`Reject ${subject}`}
          submitLabel={`Reject ${kind}`}
          pendingLabel={PENDING.reject}
          pending={resolve.isPending}
          failure={dialogFailure}
          onSubmit={(reason) => void decide('reject', reason)}
          onClose={() => setAsking(null)}
          returnFocusRef={rejectRef}
        >
          <p>
            {kind === 'withdrawal'
              ? 'The held funds go back to the client’s available balance. '
              : 'Nothing is credited. '}
            The client sees your reason on the request’s timeline.
          </p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}
