import type { StaffMember } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { StaffMembers } from './staff-members';

function member(overrides: Partial<StaffMember>): StaffMember {
  return {
    id: 'id-owner',
    username: 'owner',
    email: null,
    role: 'owner',
    totpEnrolled: true,
    disabled: false,
    invitation: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    lastLoginAt: '2026-03-03T10:15:00.000Z',
    ...overrides,
  };
}

const OWNER = member({});
const ALICE = member({
  id: 'id-alice',
  username: 'alice',
  email: 'alice@staff.example',
  role: 'support',
  totpEnrolled: false,
  lastLoginAt: null,
});
const BOB = member({ id: 'id-bob', username: 'bob', role: 'auditor', disabled: true });
/** Invited, has not accepted yet (decision 111). */
const CAROL = member({
  id: 'id-carol',
  username: 'carol',
  email: 'carol@staff.example',
  role: 'operations',
  totpEnrolled: false,
  invitation: { expiresAt: '2026-03-06T10:00:00.000Z', expired: false },
  lastLoginAt: null,
});
const DAN = member({
  id: 'id-dan',
  username: 'dan',
  email: 'dan@staff.example',
  role: 'compliance',
  totpEnrolled: false,
  invitation: { expiresAt: '2026-03-01T10:00:00.000Z', expired: true },
  lastLoginAt: null,
});

let api: FakeApi;
let members: StaffMember[];

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', 'staff-1');
  members = [OWNER, ALICE, BOB, CAROL, DAN];
  api.on('GET /api/staff/members', () => ({ status: 200, body: { items: members } }));
});

function row(username: string): HTMLElement {
  return screen.getByRole('rowheader', { name: new RegExp(`^${username}`) }).closest('tr')!;
}

function posts(path: string) {
  return api.requests.filter((r) => r.method === 'POST' && r.path === path);
}

async function renderTable() {
  const view = renderAt(<StaffMembers currentUsername="owner" />, '/adminDashboard/staff');
  await screen.findByRole('rowheader', { name: /^alice/ });
  return view;
}

describe('StaffMembers', () => {
  it('lists each member’s role, 2FA, status, creation and last login', async () => {
    await renderTable();
    expect(api.requests[0]?.headers.get('x-auth-token')).toBe('staff-1');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Username',
      'E-mail',
      'Role',
      '2FA',
      'Status',
      'Created',
      'Last login',
      'Actions',
    ]);
    const alice = within(row('alice'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(alice.slice(0, 6)).toEqual([
      'alice@staff.example',
      'Support',
      'Off',
      'Active',
      '5 January 2026',
      'Never',
    ]);
    expect(within(row('bob')).getByText('Disabled')).toBeTruthy();
    expect(within(row('owner')).getByText('(you)')).toBeTruthy();
    expect(within(row('owner')).getByText('On')).toBeTruthy();
  });

  it('disables a member only after a confirmation step', async () => {
    api.on('POST /api/staff/members/id-alice/disable', () => {
      members = [OWNER, { ...ALICE, disabled: true }, BOB];
      return { status: 200, body: { ...ALICE, disabled: true } };
    });
    const { user } = await renderTable();

    await user.click(screen.getByRole('button', { name: 'Disable alice' }));
    expect(posts('/api/staff/members/id-alice/disable')).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: 'Disable alice?' });
    expect(within(dialog).getByText(/signed out everywhere/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Yes, disable alice' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '✅ alice is disabled and signed out everywhere.',
      ),
    );
    expect(posts('/api/staff/members/id-alice/disable')).toHaveLength(1);
    // The list is read again: alice now offers Enable.
    expect(await within(row('alice')).findByRole('button', { name: 'Enable alice' })).toBeTruthy();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Enable bob' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('enables a disabled member and revokes another’s sessions', async () => {
    api
      .on('POST /api/staff/members/id-bob/enable', {
        status: 200,
        body: { ...BOB, disabled: false },
      })
      .on('POST /api/staff/members/id-alice/sessions/revoke', { status: 204 });
    const { user } = await renderTable();

    await user.click(screen.getByRole('button', { name: 'Enable bob' }));
    await user.click(screen.getByRole('button', { name: 'Yes, enable bob' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('✅ bob is enabled.'));

    await user.click(screen.getByRole('button', { name: 'Revoke sessions of alice' }));
    await user.click(screen.getByRole('button', { name: 'Yes, sign alice out' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '✅ alice is signed out of every device.',
      ),
    );
    expect(posts('/api/staff/members/id-alice/sessions/revoke')).toHaveLength(1);
  });

  it('shows the server’s 409 when an owner tries to disable their own account', async () => {
    api.on('POST /api/staff/members/id-owner/disable', {
      status: 409,
      body: { message: 'You cannot disable your own account', code: 'CONFLICT' },
    });
    const { user } = await renderTable();

    await user.click(screen.getByRole('button', { name: 'Disable owner' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disable owner' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('❌ You cannot disable your own account'),
    );
    expect(within(row('owner')).getByText('Active')).toBeTruthy();
  });

  it('keeps the Confirm button busy while the request runs', async () => {
    api.on('POST /api/staff/members/id-alice/disable', 'pending');
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Disable alice' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disable alice' }));

    const busy = await screen.findByRole('button', { name: 'Working…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Disable alice' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows an invited member’s link validity, and an expired one, with Resend instead of Revoke', async () => {
    await renderTable();
    expect(within(row('carol')).getByText(/^Invited, link valid until/)).toBeTruthy();
    expect(within(row('dan')).getByText('Invitation expired')).toBeTruthy();
    for (const name of ['carol', 'dan']) {
      expect(
        within(row(name)).getByRole('button', { name: `Resend the invitation of ${name}` }),
      ).toBeTruthy();
      expect(within(row(name)).queryByRole('button', { name: /^Revoke sessions/ })).toBeNull();
      expect(within(row(name)).queryByRole('button', { name: /^Reset two-factor/ })).toBeNull();
    }
    expect(within(row('alice')).queryByRole('button', { name: /^Resend/ })).toBeNull();
  });

  it('resends an invitation after asking, and announces where it went', async () => {
    api.on('POST /api/staff/members/id-dan/invitation', () => {
      members = [OWNER, ALICE, BOB, CAROL, { ...DAN, invitation: { ...CAROL.invitation! } }];
      return { status: 200, body: members[4] };
    });
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Resend the invitation of dan' }));
    const dialog = screen.getByRole('dialog', { name: 'Send dan a new invitation?' });
    expect(within(dialog).getByText(/A new link goes to dan@staff\.example/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, send dan a new link' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '✅ A new invitation was sent to dan@staff.example.',
      ),
    );
    expect(posts('/api/staff/members/id-dan/invitation')).toHaveLength(1);
    expect(await within(row('dan')).findByText(/^Invited, link valid until/)).toBeTruthy();
  });

  // Issue 17, finding 3: a reset now ends the password too and sends a new invitation.
  it('resets a member’s 2FA after saying what it does, and announces the new invitation', async () => {
    api.on('POST /api/staff/members/id-alice/totp/reset', {
      status: 200,
      body: { ...ALICE, invitation: { expiresAt: '2026-03-06T10:00:00.000Z', expired: false } },
    });
    const { user } = await renderTable();
    // Not offered on one's own row.
    expect(within(row('owner')).queryByRole('button', { name: /^Reset two-factor/ })).toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'Reset two-factor authentication of alice' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Reset alice’s two-factor authentication?',
    });
    expect(within(dialog).getByText(/password stop working/)).toBeTruthy();
    expect(within(dialog).getByText(/A new invitation goes to alice@staff\.example/)).toBeTruthy();
    expect(posts('/api/staff/members/id-alice/totp/reset')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reset alice’s 2FA' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '✅ alice’s two-factor authentication was reset and a new invitation was sent to alice@staff.example.',
      ),
    );
    expect(posts('/api/staff/members/id-alice/totp/reset')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
