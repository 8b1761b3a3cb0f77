import { MESSAGES } from '@brokerdesk/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { afterLoginPath, LoginForm } from './login-form';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

function renderLogin() {
  const view = renderAt(<LoginForm />, '/userLogin');
  const email = screen.getByLabelText('Email Address', { selector: 'input' }) as HTMLInputElement;
  const password = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
  return { ...view, email, password };
}

describe('LoginForm', () => {
  it('shows the server’s message under the button when login fails', async () => {
    api.on('POST /api/userLogin/send', {
      status: 401,
      body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    });
    const { user, email, password } = renderLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByText('Invalid email or password');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(api.requests[0]?.body).toEqual({ email: 'ada@example.com', password: 'wrong-password' });
    expect(window.localStorage.getItem('user-token')).toBeNull();
  });

  it('shows the lock-out message after too many failed logins (429 LOCKED_OUT)', async () => {
    api.on('POST /api/userLogin/send', {
      status: 429,
      body: { message: MESSAGES.lockout.locked, code: 'LOCKED_OUT' },
    });
    const { user, email, password } = renderLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.lockout.locked);
    expect(window.localStorage.getItem('user-token')).toBeNull();
  });

  it('says “Login failed” when the answer carries no message', async () => {
    api.on('POST /api/userLogin/send', { status: 502 });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('says “Login failed” when the server cannot be reached', async () => {
    api.on('POST /api/userLogin/send', 'network-error');
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login failed')).toBeTruthy();
  });

  it('stores the token under user-token and opens the dashboard', async () => {
    api.on('POST /api/userLogin/send', { status: 200, body: { token: 'tok-123' } });
    const { user, email, password } = renderLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/userDashboard/dashboard');
    expect(window.localStorage.getItem('user-token')).toBe('tok-123');
  });

  it('shows the password on request with its own toggle', async () => {
    const { user, password } = renderLogin();
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('disables the button and says Logging in… while the request runs', async () => {
    api.on('POST /api/userLogin/send', 'pending');
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const button = (await screen.findByRole('button', {
      name: 'Logging in…',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('returns to the portal page named by ?next= after signing in, and nowhere else', () => {
    expect(afterLoginPath('?next=%2FuserDashboard%2Ftrade')).toBe('/userDashboard/trade');
    expect(afterLoginPath('')).toBe('/userDashboard/dashboard');
    expect(afterLoginPath('?next=https%3A%2F%2Fevil.example')).toBe('/userDashboard/dashboard');
    expect(afterLoginPath('?next=%2F%2Fevil.example%2FuserDashboard%2Fx')).toBe(
      '/userDashboard/dashboard',
    );
  });
});
