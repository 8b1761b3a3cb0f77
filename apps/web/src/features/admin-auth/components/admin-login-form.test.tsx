import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { AdminLoginForm } from './admin-login-form';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

describe('AdminLoginForm', () => {
  it('answers any failure with the seed’s message, whatever the server said', async () => {
    api.on('POST /api/adminLogin/adminLogin', {
      status: 429,
      body: { message: 'Too many attempts', code: 'LOCKED_OUT' },
    });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid credentials. Please try again.',
    );
    expect(screen.queryByText('Too many attempts')).toBeNull();
  });

  it('stores admin-token and opens the back office', async () => {
    api.on('POST /api/adminLogin/adminLogin', { status: 200, body: { token: 'staff-1' } });
    const { user } = renderAt(<AdminLoginForm />, '/adminLogin');
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/adminDashboard');
    expect(window.localStorage.getItem('admin-token')).toBe('staff-1');
    expect(api.requests[0]?.body).toEqual({ username: 'owner', password: 'correct horse' });
    expect(api.requests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});
