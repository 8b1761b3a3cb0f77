import {
  MESSAGES,
  SetNewPasswordBodySchema,
  type SetNewPasswordBody,
  type SetNewPasswordForm as SetNewPasswordValues,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { paths } from '../../../config/paths';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { newPasswordMessage } from '../../../lib/common-password';
import { takeLinkToken } from '../../../lib/link-token';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useSetNewPassword } from '../api/set-new-password';
import '../auth.css';

export const SET_PASSWORD_FAILED = 'We could not change your password. Please try again.';

const FIELD_NAMES = [
  'password',
  'confirmPassword',
] as const satisfies readonly (keyof SetNewPasswordBody)[];

/** Why a link cannot set a password: the server's words, or the shared ones. */
type Unusable = { kind: 'used' | 'expired' | 'invalid'; text: string };

type Outcome = { kind: 'changed'; text: string } | Unusable;

/** A refusal of the link itself (rather than of the password), or null. */
export function unusableLink(error: unknown): Unusable | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'TOKEN_USED')
    return { kind: 'used', text: error.serverMessage ?? MESSAGES.verification.linkUsed };
  if (error.code === 'TOKEN_EXPIRED')
    return { kind: 'expired', text: error.serverMessage ?? MESSAGES.verification.linkExpired };
  if (error.code === 'TOKEN_INVALID' || error.fields?.token)
    return { kind: 'invalid', text: MESSAGES.verification.linkInvalid };
  return null;
}

/** The error line for any other failure: the server's words for a 4xx, else ours. */
export function setPasswordFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status >= 400 && error.status < 500 && error.serverMessage && !error.fields)
      return error.serverMessage;
  }
  return SET_PASSWORD_FAILED;
}

const INVALID: Unusable = { kind: 'invalid', text: MESSAGES.verification.linkInvalid };

/**
 * /setNewPassword#token=… (SPA-only): takes the token out of the address, then asks for the new
 * password twice with the registration form's rules and messages (the shared schema). Success
 * ends every session, this browser's included, and leads to the login; a used, expired or
 * foreign link leads to /passwordReset for a new one.
 */
export function SetNewPassword() {
  // undefined until the effect has run; StrictMode runs effects twice, the token is taken once.
  const taken = useRef<string | null | undefined>(undefined);
  const [token, setLinkToken] = useState<string | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const start = (next: string | null) => {
      taken.current = next;
      setLinkToken(next);
      setOutcome(null);
    };
    if (taken.current === undefined) start(takeLinkToken());
    // A link pasted into the address bar of this page changes only the fragment: no new page.
    const onHashChange = () => {
      if (/[#&]token=/.test(window.location.hash)) start(takeLinkToken());
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  // The form is gone once the link has done its work (or cannot): focus what replaced it.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const shown: Outcome | null = outcome ?? (token === null ? INVALID : null);

  if (shown) {
    return (
      <div ref={outcomeRef} tabIndex={-1} className="token-outcome">
        <p
          role="status"
          className={
            shown.kind === 'changed'
              ? 'result-line result-line--success'
              : 'result-line result-line--failure'
          }
        >
          {shown.text}
        </p>
        {shown.kind === 'changed' ? (
          <p>
            <Link to={paths.login} className="button button--primary">
              Log in
            </Link>
          </p>
        ) : (
          <>
            <p>Ask for a new link: it arrives in a minute and works for 30 minutes.</p>
            <p>
              <Link to={paths.passwordReset} className="button button--primary">
                Ask for a new link
              </Link>
            </p>
          </>
        )}
      </div>
    );
  }

  if (!token) {
    return (
      <p role="status" className="token-checking">
        <span className="app-loading-spinner" aria-hidden="true" />
        Reading your link…
      </p>
    );
  }

  // A new link is a new form (its token is one of the form's values).
  return <NewPasswordForm key={token} token={token} onOutcome={setOutcome} />;
}

function NewPasswordForm({
  token,
  onOutcome,
}: {
  token: string;
  onOutcome: (outcome: Outcome) => void;
}) {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
  } = useForm<SetNewPasswordValues, unknown, SetNewPasswordBody>({
    resolver: zodResolver(SetNewPasswordBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { token, password: '', confirmPassword: '' },
    shouldFocusError: true,
  });
  const request = useSetNewPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = async (body: SetNewPasswordBody) => {
    setFailure(null);
    const common = await newPasswordMessage(body.password);
    if (common) {
      setError('password', { type: 'common', message: common }, { shouldFocus: true });
      return;
    }
    request.mutate(body, {
      onSuccess: (answer) =>
        onOutcome({ kind: 'changed', text: answer.message || MESSAGES.passwordReset.done }),
      onError: (error) => {
        const unusable = unusableLink(error);
        if (unusable) {
          onOutcome(unusable);
          return;
        }
        applyServerFieldErrors(error, FIELD_NAMES, setError);
        if (!(error instanceof ApiError && error.fields)) {
          setFailure(setPasswordFailureMessage(error));
        }
      },
    });
  };

  const pending = request.isPending;

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onValid)}>
      <p className="auth-subtitle">Choose a new password for your account.</p>
      <NewPasswordFields
        passwordLabel="New password"
        confirmLabel="Confirm new password"
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
        password={editable('password')}
        confirm={editable('confirmPassword')}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Saving…' : 'Set new password'}
      </button>
      <p role="alert" className="form-error">
        {failure}
      </p>
    </form>
  );
}
