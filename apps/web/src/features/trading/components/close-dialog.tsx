import { formatCents } from '@brokerdesk/shared';
import { formatLots, parseLots } from '@brokerdesk/shared/trading';
import { useState, type RefObject } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import type { TradingPosition } from '../api/types';
import { sideText } from '../../../lib/deal-text';

/**
 * Asks before closing (§11.10): the whole position, or part of it (a volume in lots). The P/L
 * shown is at the live quote; the close happens at the quote the server holds when it arrives.
 */
export function CloseDialog({
  position,
  name,
  pnlMinor,
  pending,
  failure,
  returnFocusRef,
  onClose,
  onConfirm,
}: {
  position: TradingPosition;
  name: string;
  pnlMinor: number;
  pending: boolean;
  failure: string | null;
  returnFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** `undefined`: close everything. */
  onConfirm: (volume: string | undefined) => void;
}) {
  const [volume, setVolume] = useState(position.volume);
  const [error, setError] = useState<string | undefined>();
  const whole = parseLots(position.volume);

  const confirm = () => {
    const lots = parseLots(volume.trim());
    if (lots === null || lots <= 0 || (whole !== null && lots > whole)) {
      setError(`Enter a volume from 0.01 to ${position.volume} lots.`);
      return;
    }
    onConfirm(whole !== null && lots === whole ? undefined : formatLots(lots));
  };

  return (
    <ConfirmDialog
      title={`Close ${sideText(position.side).toLowerCase()} ${name}?`}
      confirmLabel="Close position"
      pendingLabel="Closing…"
      pending={pending}
      failure={failure}
      returnFocusRef={returnFocusRef}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>
        Open: {position.volume} lots at {position.openPrice}. Profit or loss now:{' '}
        <strong>{formatCents(pnlMinor)}</strong> (at the current price; the close uses the price
        when it reaches the server).
      </p>
      <TextField
        label="Volume to close (lots)"
        inputMode="decimal"
        autoComplete="off"
        value={volume}
        error={error}
        onChange={(event) => {
          setVolume(event.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
