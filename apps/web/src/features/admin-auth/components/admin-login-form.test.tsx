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

/** Like the server: with TOTP set up, a login without the right code is 401 TOTP_REQUIRED. */
function answerWithTotp(validCode: string) {
  api.on(LOGIN, (request) => {
    const body = request.body as { totp?: string };
    if (body.totp === validCode) return { status: 200, body: { token: 'staff-2fa' } };
    return {
      status: 401,
      body: body.totp
        ? { message: 'Invalid code; enter the current 6-digit code', code: 'TOTP_REQUIRED' }
        : { message: 'Enter the 6-digit code from your authenticator app', code: 'TOTP_REQUIRED' },
    };
  });
}

describe('AdminLoginForm', () => {
  it('answers any failure with the seed’s message, whatever the server said', async () => {
    api.on(LOGIN, {
      status: 429,
      body: { message: 'Too many attempts', code: 'LOCKED_OUT' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user, 'nope');

    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.queryByText('Too many attempts')).toBeNull();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
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

  it('asks for the authentication code on 401 TOTP_REQUIRED and sends it with the password', async () => {
    answerWithTotp('123456');
    api.on(PROFILE, {
      status: 200,
      body: { username: 'owner', role: 'owner', totpEnrolled: true, sessionScope: 'full' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);

    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    // Not a failure: no 'Invalid credentials', and the username and password stay.
    expect(screen.getByRole('alert').textContent).toBe('');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('owner');
    expect(
      (screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('correct horse');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/adminDashboard');
    expect(logins()).toHaveLength(2);
    expect(logins()[1]?.body).toEqual({
      username: 'owner',
      password: 'correct horse',
      totp: '123456',
    });
    expect(window.localStorage.getItem('admin-token')).toBe('staff-2fa');
  });

  it('shows the server’s message under the code field for a wrong code', async () => {
    answerWithTotp('123456');
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);
    const code = await screen.findByLabelText('Authentication code');

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(errorOf(code)).toBe('Invalid code; enter the current 6-digit code'));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(window.localStorage.getItem('admin-token')).toBeNull();
  });

  it('accepts a recovery code and checks the code’s shape before sending', async () => {
    answerWithTotp('ABCDE-12345');
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await signIn(user);
    const code = await screen.findByLabelText('Authentication code');

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(errorOf(code)).toBe('Enter the 6-digit code or a recovery code');
    expect(logins()).toHaveLength(1);

    await user.clear(code);
    await user.type(code, 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.localStorage.getItem('admin-token')).toBe('staff-2fa'));
    expect((logins()[1]?.body as { totp: string }).totp).toBe('ABCDE-12345');
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
