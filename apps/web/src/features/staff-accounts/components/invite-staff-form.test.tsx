import { MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { AddStaffForm } from './add-staff-form';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', 'staff-1');
});

function creates() {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/staff/members');
}

const username = () => screen.getByLabelText<HTMLInputElement>('Username');
const password = () => screen.getByLabelText<HTMLInputElement>('Password', { selector: 'input' });
const role = () => screen.getByLabelText<HTMLSelectElement>('Role');

async function fill(user: UserEvent, pass = 'a-long-passphrase') {
  await user.type(username(), 'carol');
  await user.type(password(), pass);
  await user.selectOptions(role(), 'operations');
}

describe('AddStaffForm', () => {
  it('checks the shared rules before sending: username, 12-character password, role', async () => {
    const { user } = renderAt(<AddStaffForm />, '/adminDashboard/staff');
    await user.type(username(), 'x');
    await user.type(password(), 'short');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));

    expect(errorOf(username())).toBe(MESSAGES.backOffice.usernameInvalid);
    expect(errorOf(password())).toBe('Staff passwords need at least 12 characters');
    expect(errorOf(role())).toBe(MESSAGES.backOffice.roleInvalid);
    expect(creates()).toHaveLength(0);
  });

  it('adds the member and clears the form', async () => {
    api.on('POST /api/staff/members', {
      status: 201,
      body: {
        id: 'id-carol',
        username: 'carol',
        role: 'operations',
        totpEnrolled: false,
        disabled: false,
        createdAt: '2026-03-03T10:00:00.000Z',
        lastLoginAt: null,
      },
    });
    const { user } = renderAt(<AddStaffForm />, '/adminDashboard/staff');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/^✅ carol was added/),
    );
    expect(creates()[0]?.body).toEqual({
      username: 'carol',
      password: 'a-long-passphrase',
      role: 'operations',
    });
    expect(creates()[0]?.headers.get('x-auth-token')).toBe('staff-1');
    expect(username().value).toBe('');
    expect(role().value).toBe('');
  });

  it('puts the server’s 409 for a taken username under the username', async () => {
    api.on('POST /api/staff/members', {
      status: 409,
      body: { message: MESSAGES.backOffice.usernameTaken, code: 'CONFLICT' },
    });
    const { user } = renderAt(<AddStaffForm />, '/adminDashboard/staff');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));

    await waitFor(() => expect(errorOf(username())).toBe('That username is taken'));
    expect(username().value).toBe('carol');
  });

  it('shows a pending button while the request runs', async () => {
    api.on('POST /api/staff/members', 'pending');
    const { user } = renderAt(<AddStaffForm />, '/adminDashboard/staff');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const button = await screen.findByRole('button', { name: 'Adding…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
