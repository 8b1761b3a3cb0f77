import { AdminLoginBodySchema, MESSAGES } from '@brokerdesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-tokens';
import { useAdminLogin } from '../api/admin-login';
import { getLandingPath } from '../api/get-landing-path';

const TotpSchema = AdminLoginBodySchema.shape.totp.unwrap();
const TOTP_FORMAT = 'Enter the 6-digit code or a recovery code';

/**
 * The lock-out's own words (429): said for every username, existing or not, so they reveal
 * nothing, and without them a locked member would keep trying in vain.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
    return error.serverMessage;
  }
  return MESSAGES.adminLogin.invalidCredentials;
}

/**
 * docs/origin.md §2 /adminLogin: a failure reads 'Invalid credentials. Please try again.'
 * The Authentication code field is always there (decision 111): the server answers a right
 * password without a valid code exactly like a wrong password, so the form cannot wait to be
 * asked for it. It stays empty for a member who has not set up two-factor authentication yet.
 */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginRequest = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [totpError, setTotpError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [landing, setLanding] = useState(false);
  const totpRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setTotpError(null);
    let code: string | undefined;
    if (totp.trim() !== '') {
      const parsed = TotpSchema.safeParse(totp);
      if (!parsed.success) {
        setTotpError(parsed.error.issues[0]?.message ?? TOTP_FORMAT);
        totpRef.current?.focus();
        return;
      }
      code = parsed.data;
    }
    loginRequest.mutate(
      code === undefined ? { username, password } : { username, password, totp: code },
      {
        onSuccess: async ({ token }) => {
          setToken('admin', token);
          setLanding(true);
          const destination = await getLandingPath(queryClient);
          await navigate(destination);
        },
        onError: (failure) => {
          // A code is good for one sign-in at most: the next try needs the next one.
          setTotp('');
          setError(failureMessage(failure));
        },
      },
    );
  };

  const pending = loginRequest.isPending || landing;

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        ref={totpRef}
        label="Authentication code"
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={totp}
        error={totpError ?? undefined}
        onChange={(event) => {
          setTotp(event.target.value);
          setTotpError(null);
        }}
      />
      <p className="field-hint">
        The 6-digit code from your authenticator app, or one of your recovery codes. Leave it empty
        only if you have not set up two-factor authentication yet.
      </p>
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Logging in…' : 'Login'}
      </button>
      <p role="alert" className="form-error">
        {error}
      </p>
    </form>
  );
}
