import { MESSAGES, STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { StaffInvitation } from './staff-invitation';

const TOKEN = 'Zx9_-aQwErTyUiOpAsDfGhJkLzXcVbNm0123456789a';
const PATH = '/staffInvitation';
const RECOVERY = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api
    .on('POST /api/invitations/lookup', {
      status: 200,
      body: {
        username: 'carol',
        email: 'carol@staff.example',
        role: 'operations',
        expiresAt: '2026-03-06T10:00:00.000Z',
      },
    })
    .on('POST /api/invitations/totp', {
      status: 200,
      body: {
        secret: SECRET,
        otpauthUri: `otpauth://totp/BrokerDesk:carol?secret=${SECRET}&issuer=BrokerDesk`,
      },
    });
});

function openLink(fragment = `#token=${TOKEN}`) {
  window.history.replaceState(null, '', `${PATH}${fragment}`);
  return renderAt(<StaffInvitation />, PATH);
}

const input = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const posts = (path: string) => api.requests.filter((r) => r.method === 'POST' && r.path === path);

async function fill(user: UserEvent, code = '123456', password = 'carols-own-password') {
  await user.type(await screen.findByLabelText('Password', { selector: 'input' }), password);
  await user.type(input('Confirm password'), password);
  await user.type(input('6-digit code'), code);
  await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
}

describe('StaffInvitation', () => {
  it('takes the token out of the address, says who is invited, and shows their own authenticator code', async () => {
    openLink();
    expect(await screen.findByText('carol')).toBeTruthy();
    expect(screen.getByText(/\(Operations\)/)).toBeTruthy();
    expect(window.location.href).not.toContain(TOKEN);
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByText(SECRET)).toBeTruthy();
    // The token travels in the bodies only, and one secret is asked for per visit.
    expect(posts('/api/invitations/lookup')[0]?.body).toEqual({ token: TOKEN });
    expect(posts('/api/invitations/totp')).toHaveLength(1);
    expect(posts('/api/invitations/totp')[0]?.body).toEqual({ token: TOKEN });
  });

  it('checks the password and the code with the shared rules before sending', async () => {
    const { user } = openLink();
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await fill(user, '12', 'short');
    await waitFor(() =>
      expect(errorOf(input('Password'))).toBe(MESSAGES.backOffice.staffPasswordTooShort),
    );
    expect(errorOf(input('6-digit code'))).toBe(MESSAGES.backOffice.totpCodeInvalid);
    expect(posts('/api/invitations/accept')).toHaveLength(0);
  });

  it('sends the password and code, shows the recovery codes once, then the way to the sign-in', async () => {
    api.on('POST /api/invitations/accept', { status: 200, body: { recoveryCodes: RECOVERY } });
    const { user } = openLink();
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await fill(user);

    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeTruthy();
    expect(screen.getByText(RECOVERY[9]!)).toBeTruthy();
    expect(posts('/api/invitations/accept')[0]?.body).toEqual({
      token: TOKEN,
      password: 'carols-own-password',
      confirmPassword: 'carols-own-password',
      code: '123456',
    });
    await user.click(screen.getByRole('button', { name: 'I have stored them' }));
    expect(screen.getByText(STAFF_ACCOUNT_MESSAGES.invitation.accepted)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the staff sign-in' }).getAttribute('href')).toBe(
      '/adminLogin',
    );
  });

  it('puts a wrong code under the code field and keeps the form', async () => {
    api.on('POST /api/invitations/accept', {
      status: 400,
      body: {
        message: MESSAGES.backOffice.totpCodeWrong,
        code: 'VALIDATION_FAILED',
        fields: { code: [MESSAGES.backOffice.totpCodeWrong] },
      },
    });
    const { user } = openLink();
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await fill(user);
    await waitFor(() =>
      expect(errorOf(input('6-digit code'))).toBe(MESSAGES.backOffice.totpCodeWrong),
    );
    expect(screen.getByRole('button', { name: 'Finish set-up' })).toBeTruthy();
  });

  it.each([
    ['used', 410, 'TOKEN_USED', STAFF_ACCOUNT_MESSAGES.invitation.used],
    ['expired', 410, 'TOKEN_EXPIRED', STAFF_ACCOUNT_MESSAGES.invitation.expired],
    ['unknown', 400, 'TOKEN_INVALID', STAFF_ACCOUNT_MESSAGES.invitation.invalid],
  ])(
    'says why a %s link cannot be used, and asks for no password',
    async (_kind, status, code, text) => {
      api.on('POST /api/invitations/lookup', { status, body: { message: text, code } });
      openLink();
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
      expect(posts('/api/invitations/totp')).toHaveLength(0);
      expect(screen.getByRole('link', { name: 'go to the staff sign-in' })).toBeTruthy();
    },
  );

  it('says the link is not valid when the address has no token, asking the server nothing', async () => {
    openLink('');
    expect(await screen.findByText(STAFF_ACCOUNT_MESSAGES.invitation.invalid)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
