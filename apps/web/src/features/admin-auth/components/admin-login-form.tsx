import { MESSAGES } from '@brokerdesk/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { setToken } from '../../../lib/auth-tokens';
import { useAdminLogin } from '../api/admin-login';

/** Seed §2 /adminLogin: any failure reads 'Invalid credentials. Please try again.' */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const loginRequest = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    loginRequest.mutate(
      { username, password },
      {
        onSuccess: ({ token }) => {
          setToken('admin', token);
          void navigate(paths.adminDashboard);
        },
        onError: () => setError(MESSAGES.adminLogin.invalidCredentials),
      },
    );
  };

  const pending = loginRequest.isPending;

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
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Logging in…' : 'Login'}
      </button>
      <p role="alert" className="form-error">
        {error}
      </p>
    </form>
  );
}
