import { AdminLoginBodySchema, MESSAGES } from '@brokerdesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-tokens';
import { useAdminLogin } from '../api/admin-login';
import { getLandingPath } from '../api/get-landing-path';

const TotpSchema = AdminLoginBodySchema.shape.totp.unwrap();
const TOTP_FORMAT = 'Enter the 6-digit code or a recovery code';
const TOTP_WRONG = 'That code is not valid; enter the current code';

function isTotpRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.code === 'TOTP_REQUIRED';
}

/**
 * docs/origin.md §2 /adminLogin: any failure reads 'Invalid credentials. Please try again.' — except the
 * second factor: a 401 TOTP_REQUIRED reveals the Authentication code field (the username and
 * password stay), and a wrong code shows the server's words under that field.
 */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginRequest = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [totp, setTotp] = useState('');
  const [totpError, setTotpError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [landing, setLanding] = useState(false);
  const totpRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (askTotp) totpRef.current?.focus();
  }, [askTotp]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setTotpError(null);
    let code: string | undefined;
    if (askTotp) {
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
          if (isTotpRequired(failure)) {
            if (askTotp) {
              setTotpError(failure.serverMessage ?? TOTP_WRONG);
              totpRef.current?.select();
            } else {
              setAskTotp(true);
            }
            return;
          }
          setError(MESSAGES.adminLogin.invalidCredentials);
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
      <p role="status" className="form-notice">
        {askTotp
          ? 'Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
          : ''}
      </p>
      {askTotp ? (
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
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Logging in…' : 'Login'}
      </button>
      <p role="alert" className="form-error">
        {error}
      </p>
    </form>
  );
}
