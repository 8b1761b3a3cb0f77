import { useId, useRef } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { saveTextFile } from '../../../components/ui/save-text-file';
import '../staff-accounts.css';

export const TOTP_ON = 'Two-factor authentication is on.';
export const RECOVERY_WARNING = 'Store these now; they will not be shown again.';
export const RECOVERY_FILE_NAME = 'brokerdesk-recovery-codes.txt';

/**
 * The ten recovery codes, shown once (after enrolment on the security page, or at the end of an
 * invitation): copy, download, then "I have stored them".
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const text = codes.join('\n');

  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <p role="status" className="result-line result-line--success">
        {TOTP_ON}
      </p>
      <h2 id={headingId}>Your recovery codes</h2>
      <p className="recovery-warning">
        <strong>{RECOVERY_WARNING}</strong> Each code signs you in once when you do not have your
        authenticator app. Keep them somewhere safe, such as a password manager.
      </p>
      <ol ref={listRef} className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="staff-actions">
        <CopyButton
          value={text}
          fallbackTarget={listRef}
          label="Copy all"
          accessibleLabel="Copy all recovery codes"
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => saveTextFile(`${text}\n`, RECOVERY_FILE_NAME)}
        >
          Download .txt
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          I have stored them
        </button>
      </div>
    </section>
  );
}
