import { MESSAGES } from '@brokerdesk/shared';
import { useState, type RefObject } from 'react';
import { useCopyConfirmation } from './use-copy-confirmation';

/** Selects the text of `element` so the reader can copy it with the keyboard or menu. */
function selectContents(element: HTMLElement | null): boolean {
  if (element instanceof HTMLInputElement) {
    element.focus();
    element.select();
    return true;
  }
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!element || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Where `value` is shown: selected instead when the clipboard is not available. */
  fallbackTarget: RefObject<HTMLElement | null>;
  /** Button text, e.g. "Copy"; the confirmation is `copiedLabel` for two seconds. */
  label?: string;
  copiedLabel?: string;
  /** Names what is copied for screen readers, e.g. "Copy Bitcoin address". */
  accessibleLabel?: string;
}

/**
 * Copies `value` with the Clipboard API and says `copiedLabel` for two seconds. Where the API
 * is missing or refused (plain http, permissions), the text is selected and a hint says so.
 */
export function CopyButton({
  value,
  fallbackTarget,
  label = 'Copy',
  copiedLabel = MESSAGES.money.copied,
  accessibleLabel,
}: CopyButtonProps) {
  const { copied, confirm } = useCopyConfirmation();
  const [fallback, setFallback] = useState(false);

  const onClick = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API not available');
      await navigator.clipboard.writeText(value);
      setFallback(false);
      confirm();
    } catch {
      setFallback(selectContents(fallbackTarget.current));
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary copy-button"
        onClick={() => void onClick()}
        aria-label={copied ? copiedLabel : accessibleLabel}
      >
        <span aria-live="polite">{copied ? copiedLabel : label}</span>
      </button>
      {fallback ? (
        <span role="status" className="copy-button-hint">
          Selected — press Ctrl+C (⌘C on a Mac) to copy.
        </span>
      ) : null}
    </>
  );
}
