import { useRef, useState } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { useDisableClient, useEnableClient } from '../api/set-client-access';

/**
 * "Disable client" (asks for a reason; the client is signed out everywhere) or "Enable client".
 * Render only for staff with `clients:write`.
 */
export function ClientAccess({
  clientId,
  name,
  disabled,
  onOutcome,
}: {
  clientId: string;
  name: string;
  disabled: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const disable = useDisableClient();
  const enable = useEnableClient();
  const [asking, setAsking] = useState(false);
  const [dialogFailure, setDialogFailure] = useState<string | null>(null);
  const disableRef = useRef<HTMLButtonElement>(null);

  if (disabled) {
    return (
      <div className="bo-client-access">
        <button
          type="button"
          className="button button--primary"
          disabled={enable.isPending}
          onClick={() =>
            enable.mutate(
              { clientId },
              {
                onSuccess: () => onOutcome({ tone: 'success', text: `${name} can sign in again.` }),
                onError: (error) =>
                  onOutcome({
                    tone: 'failure',
                    text: actionFailureText(
                      error,
                      'We could not enable this client. Please try again.',
                    ),
                  }),
              },
            )
          }
        >
          {enable.isPending ? 'Enabling…' : 'Enable client'}
        </button>
      </div>
    );
  }

  return (
    <div className="bo-client-access">
      <button
        ref={disableRef}
        type="button"
        className="button button--secondary"
        onClick={() => {
          setDialogFailure(null);
          setAsking(true);
        }}
      >
        Disable client
      </button>
      {asking ? (
        <ReasonDialog
          title={`Disable ${name}`}
          submitLabel="Disable client"
          pendingLabel="Disabling…"
          pending={disable.isPending}
          failure={dialogFailure}
          onClose={() => setAsking(false)}
          returnFocusRef={disableRef}
          onSubmit={(reason) => {
            setDialogFailure(null);
            disable.mutate(
              { clientId, reason },
              {
                onSuccess: () => {
                  setAsking(false);
                  onOutcome({
                    tone: 'success',
                    text: `${name} is disabled and signed out everywhere.`,
                  });
                },
                onError: (error) =>
                  setDialogFailure(
                    actionFailureText(error, 'We could not disable this client. Please try again.'),
                  ),
              },
            );
          }}
        >
          <p>
            The client is signed out on every device and cannot sign in until enabled again. Your
            reason is kept in the audit log.
          </p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}
