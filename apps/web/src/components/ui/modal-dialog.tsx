import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './modal-dialog.css';

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` puts it in the top layer,
 * makes the rest of the page inert and keeps Tab inside it. Mount it to open it, unmount it to
 * close it. Focus moves to its Close button (the least destructive control); Escape and Close
 * call `onClose`; on closing, focus returns to `returnFocusRef` (the button that opened it).
 *
 * Where `showModal` is missing (old browsers, some test DOMs) it falls back to the `open`
 * attribute: the dialog is shown, without the inert backdrop.
 */
export function ModalDialog({
  title,
  children,
  onClose,
  returnFocusRef,
  closeLabel = 'Close',
  tone = 'neutral',
  actions,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  tone?: 'neutral' | 'success' | 'failure';
  /** Buttons after Close (a confirmation's "Subscribe"); Close still takes focus first. */
  actions?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = returnFocusRef?.current ?? null;
    if (!dialog.open) {
      try {
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else dialog.setAttribute('open', '');
      } catch {
        // e.g. not connected yet in an odd host: still show it.
        dialog.setAttribute('open', '');
      }
    }
    closeRef.current?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      returnTo?.focus();
    };
  }, [returnFocusRef]);

  return (
    <dialog
      ref={ref}
      className={`modal-dialog modal-dialog--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape (or a phone's back gesture): let React state close it, so both stay in step.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="modal-dialog-title">
        {title}
      </h2>
      <div id={bodyId} className="modal-dialog-body">
        {children}
      </div>
      <div className="modal-dialog-actions">
        <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
          {closeLabel}
        </button>
        {actions}
      </div>
    </dialog>
  );
}
