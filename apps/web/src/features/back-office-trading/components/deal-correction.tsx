import { formatCents } from '@brokerdesk/shared';
import { StaffCorrectDealBodySchema, type StaffCorrectDealBody } from '@brokerdesk/shared/trading';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { sideText } from '../../../lib/deal-text';
import { useIntentKey } from '../../../lib/use-intent-key';
import { useDealCorrection, type ClientTradingAccount } from '../api/dealing-desk';

type Deal = ClientTradingAccount['deals'][number];

/** "Sell 0.30 GBPUSD at 1.27015": names a deal in the button, the dialog and the notice. */
function dealSubject(deal: Deal): string {
  return `${sideText(deal.side)} ${deal.volume} ${deal.symbol} at ${deal.price}`;
}

/**
 * "Correct price" on a deal of the client's page (decision 136): the price it should have had
 * and a reason the client sees. The engine checks the price's digits; the shared schema checks
 * its shape and the reason with the API's messages.
 */
export function DealCorrectionAction({
  deal,
  onOutcome,
}: {
  deal: Deal;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const correction = useDealCorrection();
  const intent = useIntentKey();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const subject = dealSubject(deal);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StaffCorrectDealBody>({
    resolver: zodResolver(StaffCorrectDealBodySchema),
    mode: 'onSubmit',
    defaultValues: { price: deal.price, reason: '' },
    shouldFocusError: true,
  });

  const submit = (body: StaffCorrectDealBody) => {
    setFailure(null);
    correction
      .mutateAsync({
        dealId: deal.id,
        ...body,
        idempotencyKey: intent.keyFor(`correct:${deal.id}:${body.price}:${body.reason}`),
      })
      .then(
        (answer) => {
          intent.settle();
          setAsking(false);
          const moved = answer.adjustments
            .map((row) => `${formatCents(row.oldPnlMinor)} → ${formatCents(row.newPnlMinor)}`)
            .join(', ');
          onOutcome({
            tone: 'success',
            text: `Corrected ${subject} to ${answer.deal.price}. ${
              moved ? `Profit/loss ${moved}, reversed and posted again.` : 'No profit/loss moved.'
            } The client sees your reason on the deal.`,
          });
        },
        (error: unknown) => {
          intent.settle(error);
          setFailure(actionFailureText(error, 'Please try again.'));
        },
      );
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        onClick={() => {
          setFailure(null);
          reset({ price: deal.price, reason: '' });
          setAsking(true);
        }}
        disabled={correction.isPending}
      >
        Correct price
        <VisuallyHidden> of {subject}</VisuallyHidden>
      </button>
      {asking ? (
        <ModalDialog
          title={`Correct ${subject}`}
          onClose={() => setAsking(false)}
          returnFocusRef={buttonRef}
          closeLabel="Cancel"
        >
          <p>
            {deal.entry === 'in'
              ? 'The position’s open price becomes this price, and the profit or loss of every close of it is recomputed.'
              : 'The close’s profit or loss is recomputed at this price.'}{' '}
            Each profit or loss that changes is reversed and posted again. The client sees the
            corrected deal, what it was and your reason as you write it; the audit log records who
            did.
          </p>
          <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
            <TextField
              label="Correct price"
              inputMode="decimal"
              autoComplete="off"
              error={errors.price?.message}
              {...register('price')}
            />
            <TextareaField label="Reason" error={errors.reason?.message} {...register('reason')} />
            <div>
              <button
                type="submit"
                className="button button--primary"
                disabled={correction.isPending}
              >
                {correction.isPending ? 'Correcting…' : 'Correct deal'}
              </button>
            </div>
            <p role="alert" className="form-error">
              {failure ?? ''}
            </p>
          </form>
        </ModalDialog>
      ) : null}
    </>
  );
}
