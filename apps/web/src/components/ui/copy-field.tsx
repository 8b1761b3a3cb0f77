import { MESSAGES } from '@brokerdesk/shared';
import { useEffect, useId, useRef, useState } from 'react';
import './copy-field.css';

/** How long the button says 'Copied'. */
export const COPIED_MS = 2_000;

/**
 * A read-only input with a Copy button. The button says 'Copied' for two seconds after the
 * clipboard took the text (its text is a polite live region, so screen readers hear it); where
 * the clipboard is refused or missing, the text is selected instead so the user can copy it.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [copied, setCopied] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const selectText = () => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.select();
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
    } catch {
      setCopied(false);
      selectText();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <div className="field copy-field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-row">
        <input
          ref={inputRef}
          id={inputId}
          className="field-input copy-field-input"
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--primary copy-field-button"
          aria-live="polite"
          onClick={() => void copy()}
        >
          {copied ? MESSAGES.money.copied : 'Copy'}
        </button>
      </div>
    </div>
  );
}
