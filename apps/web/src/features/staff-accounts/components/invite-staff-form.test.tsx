import { MESSAGES, type StaffMember } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { InviteStaffForm } from './invite-staff-form';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', 'staff-1');
});

function creates() {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/staff/members');
}

const username = () => screen.getByLabelText<HTMLInputElement>('Username');
const email = () => screen.getByLabelText<HTMLInputElement>('E-mail');
const role = () => screen.getByLabelText<HTMLSelectElement>('Role');

async function fill(user: UserEvent) {
  await user.type(username(), 'carol');
  await user.type(email(), 'Carol@Staff.example');
  await user.selectOptions(role(), 'operations');
}

const CAROL: StaffMember = {
  id: 'id-carol',
  username: 'carol',
  email: 'carol@staff.example',
  role: 'operations',
  totpEnrolled: false,
  disabled: false,
  invitation: { expiresAt: '2026-03-06T10:00:00.000Z', expired: false },
  createdAt: '2026-03-03T10:00:00.000Z',
  lastLoginAt: null,
};

describe('InviteStaffForm', () => {
  // Issue 17, finding 3: the owner no longer chooses (and so knows) the member's password.
  it('asks for a username, an e-mail and a role — never a password', () => {
    renderAt(<InviteStaffForm />, '/adminDashboard/staff');
    expect(screen.getByRole('heading', { name: 'Invite a staff member' })).toBeTruthy();
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    expect(email().getAttribute('type')).toBe('email');
  });

  it('checks the shared rules before sending: username, e-mail, role', async () => {
    const { user } = renderAt(<InviteStaffForm />, '/adminDashboard/staff');
    await user.type(username(), 'x');
    await user.type(email(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(errorOf(username())).toBe(MESSAGES.backOffice.usernameInvalid));
    expect(errorOf(email())).toBe(MESSAGES.register.emailInvalid);
    expect(errorOf(role())).toBe(MESSAGES.backOffice.roleInvalid);
    expect(creates()).toHaveLength(0);
  });

  it('sends the invitation, says where it went, and clears the form', async () => {
    api.on('POST /api/staff/members', { status: 201, body: CAROL });
    const { user } = renderAt(<InviteStaffForm />, '/adminDashboard/staff');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '✅ Invitation sent to carol@staff.example. carol (Operations) chooses a password and sets up two-factor authentication from the link, which works for 72 hours.',
      ),
    );
    expect(creates()[0]?.body).toEqual({
      username: 'carol',
      email: 'carol@staff.example',
      role: 'operations',
    });
    expect(creates()[0]?.headers.get('x-auth-token')).toBe('staff-1');
    expect(username().value).toBe('');
    expect(email().value).toBe('');
    expect(role().value).toBe('');
  });

  it('puts the server’s 409 for a taken username under the username', async () => {
    api.on('POST /api/staff/members', {
      status: 409,
      body: { message: MESSAGES.backOffice.usernameTaken, code: 'CONFLICT' },
    });
    const { user } = renderAt(<InviteStaffForm />, '/adminDashboard/staff');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(errorOf(username())).toBe('That username is taken'));
    expect(username().value).toBe('carol');
  });

  it('shows a pending button while the request runs', async () => {
    api.on('POST /api/staff/members', 'pending');
    const { user } = renderAt(<InviteStaffForm />, '/adminDashboard/staff');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
