import { useId, useRef } from 'react';
import { CopyButton } from './copy-button';
import './copy-field.css';

/**
 * A read-only input with a Copy button (CopyButton: 'Copied' for two seconds, or the text is
 * selected where the clipboard is refused or missing).
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

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
        <CopyButton value={value} fallbackTarget={inputRef} accessibleLabel={`Copy ${label}`} />
      </div>
    </div>
  );
}
