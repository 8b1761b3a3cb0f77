import {
  AcceptInvitationBodySchema,
  MESSAGES,
  STAFF_ACCOUNT_MESSAGES,
  type AcceptInvitationBody,
  type AcceptInvitationForm,
  type StaffInvitation as Invitation,
  type TotpSetup,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { takeLinkToken } from '../../../lib/link-token';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/lookup-invitation';
import { useStartInvitationTotp } from '../api/start-invitation-totp';
import { ROLE_LABELS } from '../staff-roles';
import { RecoveryCodes } from './recovery-codes';
import { TotpScan } from './totp-scan';
import '../staff-accounts.css';

const m = STAFF_ACCOUNT_MESSAGES.invitation;
export const INVITATION_FAILED = 'We could not finish the set-up. Please try again.';
const LOAD_FAILED = 'We could not read this invitation. Please try again.';

const FIELD_NAMES = [
  'password',
  'confirmPassword',
  'code',
] as const satisfies readonly (keyof AcceptInvitationBody)[];

/** Why the link cannot be used (the server's words), or null for any other failure. */
function unusable(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'TOKEN_USED') return error.serverMessage ?? m.used;
  if (error.code === 'TOKEN_EXPIRED') return error.serverMessage ?? m.expired;
  if (error.code === 'TOKEN_INVALID' || error.fields?.token) return m.invalid;
  if (error.status === 403) return error.serverMessage ?? MESSAGES.backOffice.accountDisabled;
  return null;
}

function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status >= 400 && error.status < 500 && error.serverMessage && !error.fields)
      return error.serverMessage;
  }
  return fallback;
}

type Outcome = { kind: 'unusable'; text: string } | { kind: 'done'; recoveryCodes: string[] };

/**
 * /staffInvitation#token=… (SPA-only, decision 111): the invited staff member reads who they are
 * invited as, chooses their password, scans their own authenticator and confirms its code, all
 * in one form; then the ten recovery codes (shown once) and the way to the sign-in. The token is
 * taken out of the address at once and travels only in request bodies.
 */
export function StaffInvitation() {
  // undefined until the effect has run; StrictMode runs effects twice, the token is taken once.
  const taken = useRef<string | null | undefined>(undefined);
  const [token, setLinkToken] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (taken.current === undefined) {
      taken.current = takeLinkToken();
      setLinkToken(taken.current);
    }
  }, []);

  if (token === undefined) {
    return (
      <p role="status" className="token-checking">
        <span className="app-loading-spinner" aria-hidden="true" />
        Reading your invitation…
      </p>
    );
  }
  if (token === null) return <Unusable text={m.invalid} />;
  return <InvitationSteps token={token} />;
}

function Unusable({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="token-outcome">
      <p role="status" className="result-line result-line--failure">
        {text}
      </p>
      <p>
        An owner of the back office can send you a new invitation. If you have already set up your
        sign-in, <Link to={paths.adminLogin}>go to the staff sign-in</Link>.
      </p>
    </div>
  );
}

function InvitationSteps({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const totp = useStartInvitationTotp();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [stored, setStored] = useState(false);

  // One secret per visit, asked for once the link is known to be good.
  useEffect(() => {
    if (invitation.isSuccess && !started.current) {
      started.current = true;
      totp.mutate(token);
    }
  }, [invitation.isSuccess, token, totp]);

  if (outcome?.kind === 'unusable') return <Unusable text={outcome.text} />;
  if (outcome?.kind === 'done') {
    return stored ? (
      <Ready />
    ) : (
      <RecoveryCodes codes={outcome.recoveryCodes} onDone={() => setStored(true)} />
    );
  }
  if (invitation.isError) {
    const text = unusable(invitation.error);
    return text ? (
      <Unusable text={text} />
    ) : (
      <p role="alert" className="form-error">
        {failureText(invitation.error, LOAD_FAILED)}
      </p>
    );
  }
  if (!invitation.data) {
    return (
      <p role="status" className="token-checking">
        <span className="app-loading-spinner" aria-hidden="true" />
        Reading your invitation…
      </p>
    );
  }
  const totpUnusable = totp.isError ? unusable(totp.error) : null;
  if (totpUnusable) return <Unusable text={totpUnusable} />;

  return (
    <>
      <Welcome invitation={invitation.data} />
      <AcceptForm
        token={token}
        setup={totp.data}
        setupFailed={totp.isError ? failureText(totp.error, INVITATION_FAILED) : null}
        onOutcome={setOutcome}
      />
    </>
  );
}

function Welcome({ invitation }: { invitation: Invitation }) {
  return (
    <p className="auth-subtitle">
      You are invited as <strong>{invitation.username}</strong> ({ROLE_LABELS[invitation.role]}).
      This link works once, until <DateTime value={invitation.expiresAt} withTime />.
    </p>
  );
}

function Ready() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="token-outcome">
      <p role="status" className="result-line result-line--success">
        {m.accepted}
      </p>
      <p>
        <Link to={paths.adminLogin} className="button button--primary">
          Go to the staff sign-in
        </Link>
      </p>
    </div>
  );
}

function AcceptForm({
  token,
  setup,
  setupFailed,
  onOutcome,
}: {
  token: string;
  setup: TotpSetup | undefined;
  setupFailed: string | null;
  onOutcome: (outcome: Outcome) => void;
}) {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
  } = useForm<AcceptInvitationForm, unknown, AcceptInvitationBody>({
    resolver: zodResolver(AcceptInvitationBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { token, password: '', confirmPassword: '', code: '' },
    shouldFocusError: true,
  });
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = (body: AcceptInvitationBody) => {
    setFailure(null);
    accept.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onOutcome({ kind: 'done', recoveryCodes }),
      onError: (error) => {
        const text = unusable(error);
        if (text) {
          onOutcome({ kind: 'unusable', text });
          return;
        }
        applyServerFieldErrors(error, FIELD_NAMES, setError);
        if (!(error instanceof ApiError && error.fields)) {
          setFailure(failureText(error, INVITATION_FAILED));
        }
      },
    });
  };

  return (
    <form className="form staff-invitation-form" noValidate onSubmit={handleSubmit(onValid)}>
      <h2>1. Choose your password</h2>
      <NewPasswordFields
        passwordLabel="Password"
        confirmLabel="Confirm password"
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
        password={editable('password')}
        confirm={editable('confirmPassword')}
      />
      <p className="field-hint">At least 12 characters. Only you will know it.</p>
      <h2>2. Scan this code with your authenticator app</h2>
      {setup ? (
        <TotpScan secret={setup.secret} otpauthUri={setup.otpauthUri} />
      ) : setupFailed ? (
        <p role="alert" className="form-error">
          {setupFailed}
        </p>
      ) : (
        <p role="status" className="token-checking">
          <span className="app-loading-spinner" aria-hidden="true" />
          Preparing your code…
        </p>
      )}
      <h2>3. Enter the code the app shows</h2>
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        error={errors.code?.message}
        {...editable('code')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={accept.isPending || !setup}
      >
        {accept.isPending ? 'Setting up…' : 'Finish set-up'}
      </button>
      <p role="alert" className="form-error">
        {failure}
      </p>
    </form>
  );
}
