import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import AdminLayout, { clientLoader } from '../../layouts/admin-layout';
import AdminSecurityPage from './security';

const RECOVERY = Array.from({ length: 10 }, (_, i) => `QWERT-${String(i).padStart(5, '0')}`);

let api: FakeApi;
let enrolled: boolean;

beforeEach(() => {
  api = installFakeApi();
  enrolled = false;
  window.localStorage.setItem('admin-token', 'staff-new');
  api
    .on('GET /api/adminDashboard/adminDashboard', () => ({
      status: 200,
      // STAFF_2FA=required: until enrolment the session may only set up TOTP.
      body: {
        username: 'ops',
        role: 'operations',
        totpEnrolled: enrolled,
        sessionScope: enrolled ? 'full' : 'totp-enrolment',
      },
    }))
    .on('POST /api/staff/totp/setup', {
      status: 200,
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/BrokerDesk:ops?secret=JBSWY3DPEHPK3PXP&issuer=BrokerDesk',
      },
    })
    .on('POST /api/staff/totp/confirm', () => {
      enrolled = true;
      return { status: 200, body: { recoveryCodes: RECOVERY } };
    });
});

function renderSecurity() {
  return renderRoutes(
    [
      {
        path: '/adminDashboard',
        Component: AdminLayout,
        loader: clientLoader,
        HydrateFallback: () => null,
        children: [{ path: 'security', Component: AdminSecurityPage }],
      },
    ],
    '/adminDashboard/security',
  );
}

describe('/adminDashboard/security', () => {
  it('enrols an enrolment-only session, shows the ten recovery codes, then fills the menu in', async () => {
    const { user } = renderSecurity();
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Two-factor authentication']),
    );

    await user.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    // An enrolment-only session cannot change the password (the server would answer 403).
    expect(screen.queryByRole('heading', { name: 'Change my password' })).toBeNull();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    const codes = await screen.findByRole('heading', { name: 'Your recovery codes' });
    expect(within(codes.closest('section')!).getAllByRole('listitem')).toHaveLength(10);
    await waitFor(() => expect(within(menu).getAllByRole('link').length).toBeGreaterThan(5));
    expect(within(menu).getByRole('link', { name: 'Manage Transaction' })).toBeTruthy();
    // The codes stay on screen while the profile is read again.
    expect(screen.getByText(RECOVERY[9]!)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have stored them' }));
    expect(screen.getByText('Two-factor authentication is on.')).toBeTruthy();
    // Now full: the own password can be changed here, with a code (decision 111).
    const form = await screen.findByRole('heading', { name: 'Change my password' });
    expect(
      within(form.closest('section')!).getByLabelText('Authentication code', { selector: 'input' }),
    ).toBeTruthy();
  });
});
