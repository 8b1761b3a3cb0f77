import { MESSAGES } from '@brokerdesk/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-tokens';
import { useLogin } from '../api/login';

/** The error line under the Login button: the server's message, else the seed's fallback. */
export function loginFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : MESSAGES.login.failed;
}

/**
 * Where to go after signing in: the portal page named by `?next=` (set by the portal's guard when
 * a signed-out visitor followed a portal link), else the dashboard. Only a /userDashboard/ path
 * is followed, so the parameter cannot send anyone off the site.
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/userDashboard\/[A-Za-z]+$/.test(next) ? next : paths.userDashboardHome;
}

/** docs/origin.md §2 /userLogin. No client-side validation: the server answers every case. */
export function LoginForm() {
  const navigate = useNavigate();
  const loginRequest = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    loginRequest.mutate(
      { email, password },
      {
        onSuccess: ({ token }) => {
          setToken('user', token);
          void navigate(afterLoginPath(window.location.search));
        },
        onError: (failure) => setError(loginFailureMessage(failure)),
      },
    );
  };

  const pending = loginRequest.isPending;

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Logging in…' : 'Login'}
      </button>
      <p role="alert" className="form-error">
        {error}
      </p>
    </form>
  );
}
