import { depositInstructionsFor, MESSAGES, type PaymentMethodId } from '@brokerdesk/shared';
import { useRef } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';

/** How to pay a deposit request: the address (with Copy) or the payments team's note. */
export function DepositInstructions({ method }: { method: PaymentMethodId }) {
  const instructions = depositInstructionsFor(method);
  const addressRef = useRef<HTMLElement>(null);

  return (
    <div className="money-instructions">
      <h3 className="money-subheading">How to pay</h3>
      {instructions.kind === 'address' ? (
        <>
          <p className="money-instructions-label">{instructions.label}</p>
          <div className="money-address-row">
            <code ref={addressRef} className="money-address">
              {instructions.value}
            </code>
            <CopyButton
              value={instructions.value}
              fallbackTarget={addressRef}
              copiedLabel={MESSAGES.money.copied}
            />
          </div>
        </>
      ) : (
        <p>{instructions.text}</p>
      )}
      {instructions.notice ? <p className="demo-notice">{instructions.notice}</p> : null}
    </div>
  );
}
