import { useRef, useState } from 'react';
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

/**
 * Confirm (deposit) or Approve (withdrawal), and Reject with a reason, for one pending request.
 * Each decision carries one idempotency key per intent; the outcome goes to `onOutcome`.
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
  const [rejecting, setRejecting] = useState(false);
  const [dialogFailure, setDialogFailure] = useState<string | null>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const accept: RequestDecision = kind === 'deposit' ? 'confirm' : 'approve';
  const pendingDecision = resolve.isPending ? resolve.variables.decision : null;

  const decide = (decision: RequestDecision, reason?: string) => {
    setDialogFailure(null);
    resolve.mutate(
      {
        id,
        kind,
        decision,
        reason,
        idempotencyKey: intent.keyFor(`${decision}:${id}:${reason ?? ''}`),
      },
      {
        onSuccess: (answer) => {
          intent.settle();
          setRejecting(false);
          // Under the four-eyes rule a first approval leaves the request pending: say so.
          const text =
            answer.transaction.status === 'pending'
              ? `${capitalise(subject)}: ${answer.message}`
              : `${capitalise(subject)} ${DONE[decision]}.`;
          onOutcome({ tone: 'success', text });
        },
        onError: (error) => {
          intent.settle(error);
          const text = decisionFailureText(error, decision);
          if (decision === 'reject' && !isFinalForRow(error)) {
            setDialogFailure(text);
            return;
          }
          setRejecting(false);
          onOutcome({ tone: 'failure', text: `${capitalise(subject)}: ${text}` });
        },
      },
    );
  };

  return (
    <div className="bo-request-actions">
      <button
        type="button"
        className="button button--primary"
        onClick={() => decide(accept)}
        disabled={resolve.isPending}
      >
        {pendingDecision === accept
          ? PENDING[accept]
          : accept === 'confirm'
            ? 'Confirm'
            : 'Approve'}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      <button
        ref={rejectRef}
        type="button"
        className="button button--secondary"
        onClick={() => {
          setDialogFailure(null);
          setRejecting(true);
        }}
        disabled={resolve.isPending}
      >
        {pendingDecision === 'reject' ? PENDING.reject : 'Reject'}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      {rejecting ? (
        <ReasonDialog
          title={`Reject ${subject}`}
          submitLabel={`Reject ${kind}`}
          pendingLabel={PENDING.reject}
          pending={resolve.isPending}
          failure={dialogFailure}
          onSubmit={(reason) => decide('reject', reason)}
          onClose={() => setRejecting(false)}
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
