import {
  MESSAGES,
  TotpCodeBodySchema,
  type TotpCodeBody,
  type TotpConfirmed,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { saveTextFile } from '../../../components/ui/save-text-file';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useConfirmTotp } from '../api/confirm-totp';
import { useSetupTotp } from '../api/setup-totp';
import '../staff-accounts.css';

export const TOTP_ON = 'Two-factor authentication is on.';
export const RECOVERY_WARNING = 'Store these now; they will not be shown again.';
const SETUP_FAILED = 'We could not start the set-up. Please try again.';
const CONFIRM_FAILED = 'We could not check the code. Please try again.';
export const RECOVERY_FILE_NAME = 'brokerdesk-recovery-codes.txt';

/** The server's words for a 4xx (e.g. already set up in another tab), else the generic line. */
function setupFailure(error: unknown): string {
  if (error instanceof ApiError && error.status !== 401) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status < 500 && error.serverMessage) return error.serverMessage;
  }
  return SETUP_FAILED;
}

/** The server's words for a 4xx (wrong or expired code), else the generic line. */
function confirmFailure(error: unknown): { field?: string; form?: string } {
  if (error instanceof ApiError) {
    const fieldMessage = error.fields?.code?.[0];
    if (fieldMessage) return { field: fieldMessage };
    if (error.status >= 400 && error.status < 500 && error.status !== 401) {
      return { field: error.serverMessage ?? MESSAGES.backOffice.totpCodeWrong };
    }
    if (error.status === NETWORK_ERROR_STATUS) return { form: error.message };
  }
  return { form: CONFIRM_FAILED };
}

/**
 * /adminDashboard/security: set up TOTP — a QR code of the otpauth URI (and the secret to type
 * by hand), a 6-digit code to confirm, then the ten recovery codes, shown once.
 */
export function TotpEnrolment({
  enrolled,
  onEnrolled,
}: {
  /** The profile's totpEnrolled. */
  enrolled: boolean;
  /** Called once enrolment is confirmed (re-read the profile: the session is now full). */
  onEnrolled: () => void;
}) {
  const setup = useSetupTotp();
  const [recoveryCodes, setRecoveryCodes] = useState<TotpConfirmed['recoveryCodes'] | null>(null);

  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }

  if (enrolled) {
    return (
      <div className="card staff-card">
        <p role="status" className="result-line result-line--success">
          {TOTP_ON}
        </p>
        <p>
          Each login asks for the 6-digit code from your authenticator app. Without your phone, use
          one of your recovery codes instead; each works once.
        </p>
      </div>
    );
  }

  if (!setup.data) {
    return (
      <div className="card staff-card">
        <p>
          Two-factor authentication protects the back office with a second step: after your
          password, a 6-digit code from an authenticator app on your phone (for example Google
          Authenticator, Microsoft Authenticator, 1Password or Aegis).
        </p>
        <div>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setup.mutate()}
            disabled={setup.isPending}
          >
            {setup.isPending ? 'Preparing…' : 'Set up two-factor authentication'}
          </button>
        </div>
        <p role="alert" className="form-error">
          {setup.isError ? setupFailure(setup.error) : ''}
        </p>
      </div>
    );
  }

  return (
    <ConfirmStep
      secret={setup.data.secret}
      otpauthUri={setup.data.otpauthUri}
      onConfirmed={(codes) => {
        setRecoveryCodes(codes);
        onEnrolled();
      }}
    />
  );
}

function ConfirmStep({
  secret,
  otpauthUri,
  onConfirmed,
}: {
  secret: string;
  otpauthUri: string;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTotp();
  const secretRef = useRef<HTMLElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
  } = useForm<TotpCodeBody>({
    resolver: zodResolver(TotpCodeBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
  });

  const onValid = (body: TotpCodeBody) => {
    setFailure(null);
    confirm.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (error) => {
        const message = confirmFailure(error);
        if (message.field) {
          setError('code', { type: 'server', message: message.field }, { shouldFocus: true });
        }
        setFailure(message.form ?? null);
      },
    });
  };

  return (
    <div className="card staff-card">
      <h2>1. Scan this code with your authenticator app</h2>
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
      <h2>2. Enter the code the app shows</h2>
      <form className="form staff-form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          error={errors.code?.message}
          {...field('code', { onChange: () => clearErrors('code') })}
        />
        <div>
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking…' : 'Turn on two-factor authentication'}
          </button>
        </div>
        <p role="alert" className="form-error">
          {failure}
        </p>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
