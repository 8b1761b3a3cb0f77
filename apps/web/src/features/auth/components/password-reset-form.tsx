import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export const PASSWORD_RESET_FAILED = 'We could not send the reset link. Please try again.';

/** The error line after a failed request: the server's words for a 4xx, else ours. */
export function passwordResetFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status >= 400 && error.status < 500 && error.serverMessage)
      return error.serverMessage;
  }
  return PASSWORD_RESET_FAILED;
}

/**
 * docs/origin.md §2 /passwordReset: one required e-mail input and Send Reset Link, now with a handler —
 * it asks the server to mail a single-use link and shows the server's answer, which is the same
 * whether or not an account uses the address. The page is pre-rendered: nothing here reads
 * storage, the time or the locale while rendering.
 */
export function PasswordResetForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const pending = request.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSent(null);
    setFailure(null);
    setFieldError(undefined);
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) => setSent(answer.message),
        onError: (error) => {
          const onField = error instanceof ApiError ? error.fields?.email?.[0] : undefined;
          if (onField) setFieldError(onField);
          else setFailure(passwordResetFailureMessage(error));
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        spellCheck={false}
        required
        value={email}
        error={fieldError}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Sending…' : 'Send Reset Link'}
      </button>
      <p role="status" aria-live="polite" className="form-notice">
        {sent}
      </p>
      <p role="alert" className="form-error">
        {failure}
      </p>
    </form>
  );
}
