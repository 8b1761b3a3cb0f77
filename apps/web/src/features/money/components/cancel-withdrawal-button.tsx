import { useState } from 'react';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useIntentKey } from '../../../lib/use-intent-key';
import { moneyFailureMessage } from '../money-messages';

const CANCEL_FAILED = 'We could not cancel this request. Please try again.';

/** "Cancel request" on a pending withdrawal: POST /api/withdrawals/:id/cancel releases the hold. */
export function CancelWithdrawalButton({ id, label }: { id: string; label: string }) {
  const cancel = useCancelWithdrawal();
  const intent = useIntentKey();
  const [failure, setFailure] = useState<string | null>(null);

  const onClick = () => {
    setFailure(null);
    cancel.mutate(
      { id, idempotencyKey: intent.keyFor(id) },
      {
        onSuccess: () => intent.settle(),
        onError: (error) => {
          intent.settle(error);
          setFailure(moneyFailureMessage(error, CANCEL_FAILED));
        },
      },
    );
  };

  return (
    <div className="money-cancel">
      <button
        type="button"
        className="button button--secondary"
        onClick={onClick}
        disabled={cancel.isPending}
      >
        {cancel.isPending ? 'Cancelling…' : 'Cancel request'}
        <VisuallyHidden>: {label}</VisuallyHidden>
      </button>
      <p role="alert" className="form-error">
        {failure}
      </p>
    </div>
  );
}
