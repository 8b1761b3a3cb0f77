import { formatCents, parseDollars } from '@brokerdesk/shared';
import { useState, type RefObject } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useIntentKey } from '../../../lib/use-intent-key';
import { useTransfer } from '../api/account-actions';
import type { TradingAccount } from '../api/types';

const AMOUNT_MESSAGES = {
  format: 'Enter an amount in dollars, e.g. 250 or 250.50.',
  'too-many-decimals': 'Enter at most two decimals.',
  'too-large': 'That amount is too large.',
} as const;

/**
 * Wallet ↔ live account (§11.14): the amount is typed in dollars and sent in cents (the shared
 * money parser, no floats). What may leave is limited by free margin; the server says by how much.
 */
export function TransferDialog({
  account,
  returnFocusRef,
  onClose,
  announce,
}: {
  account: TradingAccount;
  returnFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  announce: (text: string) => void;
}) {
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const transfer = useTransfer();
  const intent = useIntentKey();

  const submit = () => {
    setFailure(null);
    const parsed = parseDollars(amount);
    if (!parsed.ok) return setError(AMOUNT_MESSAGES[parsed.reason]);
    if (parsed.cents === 0) return setError('Enter an amount above zero.');
    const amountMinor = parsed.cents;
    transfer.mutate(
      {
        accountId: account.id,
        direction,
        amountMinor,
        idempotencyKey: intent.keyFor(JSON.stringify({ id: account.id, direction, amountMinor })),
      },
      {
        onSuccess: () => {
          intent.settle();
          announce(
            direction === 'in'
              ? `${formatCents(amountMinor)} moved from your wallet to the live account.`
              : `${formatCents(amountMinor)} moved from the live account to your wallet.`,
          );
          onClose();
        },
        onError: (cause) => {
          intent.settle(cause);
          setFailure(actionFailureText(cause, 'The transfer failed. Please try again.'));
        },
      },
    );
  };

  return (
    <ModalDialog
      title="Transfer between wallet and live account"
      onClose={() => {
        if (!transfer.isPending) onClose();
      }}
      returnFocusRef={returnFocusRef}
      closeLabel="Cancel"
      actions={
        <button
          type="button"
          className="button button--primary"
          disabled={transfer.isPending}
          onClick={submit}
        >
          {transfer.isPending ? 'Transferring…' : 'Transfer'}
        </button>
      }
    >
      <SelectField
        label="Direction"
        value={direction}
        onChange={(event) => setDirection(event.target.value === 'out' ? 'out' : 'in')}
      >
        <option value="in">Wallet → live account</option>
        <option value="out">Live account → wallet</option>
      </SelectField>
      <TextField
        label="Amount (US$)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={error}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(undefined);
        }}
      />
      {direction === 'out' ? (
        <p className="trade-note">
          Up to {formatCents(account.withdrawableMinor)} can leave now (the balance, limited by free
          margin).
        </p>
      ) : null}
      <p role="alert" className="form-error">
        {failure ?? ''}
      </p>
    </ModalDialog>
  );
}
