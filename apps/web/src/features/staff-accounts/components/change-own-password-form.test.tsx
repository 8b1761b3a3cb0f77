import { MESSAGES, STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { ChangeOwnPasswordForm } from './change-own-password-form';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', 'staff-1');
});

const input = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const posts = () => api.requests.filter((r) => r.path === '/api/staff/password');

async function fill(user: UserEvent, { code = '123456', next = 'a-new-long-password' } = {}) {
  await user.type(input('Current password'), 'the-current-password');
  await user.type(input('New password'), next);
  await user.type(input('Confirm new password'), next);
  if (code) await user.type(input('Authentication code'), code);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangeOwnPasswordForm', () => {
  it('asks for the current password, the new one twice and, with 2FA on, a code', async () => {
    api.on('POST /api/staff/password', {
      status: 200,
      body: { message: STAFF_ACCOUNT_MESSAGES.passwordChanged },
    });
    const { user } = renderAt(<ChangeOwnPasswordForm totpEnrolled />, '/adminDashboard/security');
    await fill(user);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(STAFF_ACCOUNT_MESSAGES.passwordChanged),
    );
    expect(posts()[0]?.body).toEqual({
      currentPassword: 'the-current-password',
      newPassword: 'a-new-long-password',
      confirmPassword: 'a-new-long-password',
      code: '123456',
    });
    expect(posts()[0]?.headers.get('x-auth-token')).toBe('staff-1');
    expect(input('Current password').value).toBe('');
  });

  it('needs the code when 2FA is on, and has no code field without it', async () => {
    const { user, unmount } = renderAt(
      <ChangeOwnPasswordForm totpEnrolled />,
      '/adminDashboard/security',
    );
    await fill(user, { code: '' });
    expect(errorOf(input('Authentication code'))).toBe(MESSAGES.backOffice.totpCodeOrRecovery);
    expect(posts()).toHaveLength(0);
    unmount();

    api.on('POST /api/staff/password', {
      status: 200,
      body: { message: STAFF_ACCOUNT_MESSAGES.passwordChanged },
    });
    const second = renderAt(
      <ChangeOwnPasswordForm totpEnrolled={false} />,
      '/adminDashboard/security',
    );
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await fill(second.user, { code: '' });
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).not.toHaveProperty('code');
  });

  it('checks the 12-character rule and the confirmation before sending', async () => {
    const { user } = renderAt(<ChangeOwnPasswordForm totpEnrolled />, '/adminDashboard/security');
    await user.type(input('Current password'), 'x');
    await user.type(input('New password'), 'short');
    await user.type(input('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(MESSAGES.backOffice.staffPasswordTooShort),
    );
    expect(posts()).toHaveLength(0);
  });

  it('puts the server’s answers under their fields: wrong current password, same password, wrong code', async () => {
    const { user } = renderAt(<ChangeOwnPasswordForm totpEnrolled />, '/adminDashboard/security');
    for (const [field, label, message] of [
      ['currentPassword', 'Current password', MESSAGES.account.currentPasswordWrong],
      ['newPassword', 'New password', STAFF_ACCOUNT_MESSAGES.samePassword],
      ['code', 'Authentication code', MESSAGES.backOffice.totpCodeWrong],
    ] as const) {
      api.on('POST /api/staff/password', {
        status: 400,
        body: { message, code: 'VALIDATION_FAILED', fields: { [field]: [message] } },
      });
      if (input('Current password').value === '') await fill(user);
      else await user.click(screen.getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(errorOf(input(label))).toBe(message));
    }
  });
});
