import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi, type RecordedRequest } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { AdminLoginForm } from './admin-login-form';

const LOGIN = 'POST /api/adminLogin/adminLogin';
const PROFILE = 'GET /api/adminDashboard/adminDashboard';
const INVALID = 'Invalid credentials. Please try again.';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

function logins(): RecordedRequest[] {
  return api.requests.filter((r) => r.path === '/api/adminLogin/adminLogin');
}

async function signIn(user: UserEvent, password = 'correct horse') {
  await user.type(screen.getByLabelText('Username'), 'owner');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/**
 * Like the server (decision 111): with TOTP set up, a login without the right code is answered
 * as a wrong password is, 401 INVALID_CREDENTIALS.
 */
function answerWithTotp(validCode: string) {
  api.on(LOGIN, (request) => {
    const body = request.body as { totp?: string };
    if (body.totp === validCode) return { status: 200, body: { token: 'staff-2fa' } };
    return { status: 401, body: { message: INVALID, code: 'INVALID_CREDENTIALS' } };
  });
}

describe('AdminLoginForm', () => {
  it('answers a failure with the seed’s message, whatever the server said', async () => {
    api.on(LOGIN, {
      status: 401,
      body: { message: 'Something the server said', code: 'INVALID_CREDENTIALS' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user, 'nope');

    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.queryByText('Something the server said')).toBeNull();
  });

  it('says the lock-out’s own words on 429 (the same for every username)', async () => {
    const locked =
      'Too many failed sign-ins for this username. Try again later, or ask an owner to reset your two-factor authentication.';
    api.on(LOGIN, { status: 429, body: { message: locked, code: 'LOCKED_OUT' } });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user, 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe(locked);
  });

  // Issue 17, finding 2: the field used to appear only after a 401 TOTP_REQUIRED, which told
  // whoever typed the password that it was right.
  it('always offers the Authentication code field, before any answer', () => {
    renderAt(<AdminLoginForm />, '/adminLogin');
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/Leave it empty only if you have not set up two-factor/)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('says the same for wrong credentials and a lost connection', async () => {
    api.on(LOGIN, {
      status: 401,
      body: { message: 'Invalid credentials. Please try again.', code: 'INVALID_CREDENTIALS' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user, 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);

    api.on(LOGIN, 'network-error');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(logins()).toHaveLength(2));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
  });

  it('stores admin-token and opens the back office', async () => {
    api.on(LOGIN, { status: 200, body: { token: 'staff-1' } }).on(PROFILE, {
      status: 200,
      body: { username: 'owner', role: 'owner', totpEnrolled: true, sessionScope: 'full' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);

    expect((await screen.findByTestId('location')).textContent).toBe('/adminDashboard');
    expect(window.localStorage.getItem('admin-token')).toBe('staff-1');
    expect(logins()[0]?.body).toEqual({ username: 'owner', password: 'correct horse' });
    expect(logins()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('sends the code with the password; a wrong one reads like a wrong password and is cleared', async () => {
    answerWithTotp('123456');
    api.on(PROFILE, {
      status: 200,
      body: { username: 'owner', role: 'owner', totpEnrolled: true, sessionScope: 'full' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    const code = screen.getByLabelText<HTMLInputElement>('Authentication code');
    await user.type(code, '000000');
    await signIn(user);

    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(code.value).toBe('');
    expect(logins()[0]?.body).toEqual({
      username: 'owner',
      password: 'correct horse',
      totp: '000000',
    });
    expect(window.localStorage.getItem('admin-token')).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/adminDashboard');
    expect(logins()[1]?.body).toEqual({
      username: 'owner',
      password: 'correct horse',
      totp: '123456',
    });
    expect(window.localStorage.getItem('admin-token')).toBe('staff-2fa');
  });

  it('answers a right password without a code exactly like a wrong password', async () => {
    answerWithTotp('123456');
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(logins()[0]?.body).toEqual({ username: 'owner', password: 'correct horse' });
    expect(errorOf(screen.getByLabelText('Authentication code'))).toBeNull();
  });

  it('accepts a recovery code and checks the code’s shape before sending', async () => {
    answerWithTotp('ABCDE-12345');
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '12');
    await signIn(user);
    expect(errorOf(code)).toBe('Enter the 6-digit code or a recovery code');
    expect(document.activeElement).toBe(code);
    expect(logins()).toHaveLength(0);

    await user.clear(code);
    await user.type(code, 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.localStorage.getItem('admin-token')).toBe('staff-2fa'));
    expect((logins()[0]?.body as { totp: string }).totp).toBe('ABCDE-12345');
  });

  it('opens the security page when the session may only set up two-factor authentication', async () => {
    api.on(LOGIN, { status: 200, body: { token: 'staff-new' } }).on(PROFILE, {
      status: 200,
      body: {
        username: 'new',
        role: 'support',
        totpEnrolled: false,
        sessionScope: 'totp-enrolment',
      },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);

    expect((await screen.findByTestId('location')).textContent).toBe('/adminDashboard/security');
  });

  it('opens the dashboard for a staff member without TOTP when it is optional', async () => {
    api.on(LOGIN, { status: 200, body: { token: 'staff-new' } }).on(PROFILE, {
      status: 200,
      body: { username: 'new', role: 'support', totpEnrolled: false, sessionScope: 'full' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);

    expect((await screen.findByTestId('location')).textContent).toBe('/adminDashboard');
  });
});
