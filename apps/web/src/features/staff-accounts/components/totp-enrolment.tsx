import {
  MESSAGES,
  TotpCodeBodySchema,
  type TotpCodeBody,
  type TotpConfirmed,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useConfirmTotp } from '../api/confirm-totp';
import { useSetupTotp } from '../api/setup-totp';
import { RecoveryCodes, TOTP_ON } from './recovery-codes';
import { TotpScan } from './totp-scan';
import '../staff-accounts.css';

export { RECOVERY_FILE_NAME, RECOVERY_WARNING, TOTP_ON } from './recovery-codes';
const SETUP_FAILED = 'We could not start the set-up. Please try again.';
const CONFIRM_FAILED = 'We could not check the code. Please try again.';

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
      <TotpScan secret={secret} otpauthUri={otpauthUri} />
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
