import type { ReactNode, RefObject } from 'react';
import { ModalDialog } from './modal-dialog';

/**
 * Asks before an action that moves money (subscribe to a plan, confirm a deposit). The body says
 * what happens, to whom and how much; Cancel takes focus first, so Enter or Space on arrival
 * never moves money. While the request runs the confirm button says so and is disabled;
 * `failure` shows in an alert line under the body (the dialog stays open to retry or cancel).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  failure,
  onConfirm,
  onClose,
  returnFocusRef,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <ModalDialog
      title={title}
      onClose={() => {
        // Closing while the request runs would hide its answer.
        if (!pending) onClose();
      }}
      returnFocusRef={returnFocusRef}
      closeLabel="Cancel"
      actions={
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      }
    >
      {children}
      <p role="alert" className="form-error">
        {failure ?? ''}
      </p>
    </ModalDialog>
  );
}
