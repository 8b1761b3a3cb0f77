import { useRef } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import '../staff-accounts.css';

/** The QR code of the otpauth URI, and the secret to type by hand with a copy button. */
export function TotpScan({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const secretRef = useRef<HTMLElement>(null);
  return (
    <div className="totp-scan">
      <QrCode value={otpauthUri} label="QR code for your authenticator app" />
      <div className="totp-secret">
        <p>Cannot scan it? Enter this key in the app by hand (time-based, 6 digits):</p>
        <p className="totp-secret-row">
          <code ref={secretRef} className="totp-secret-value">
            {secret}
          </code>
          <CopyButton value={secret} fallbackTarget={secretRef} accessibleLabel="Copy the key" />
        </p>
      </div>
    </div>
  );
}
