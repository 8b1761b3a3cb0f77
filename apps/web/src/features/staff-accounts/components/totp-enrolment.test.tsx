import { MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { RECOVERY_FILE_NAME, RECOVERY_WARNING, TOTP_ON, TotpEnrolment } from './totp-enrolment';

const SECRET = 'JBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/BrokerDesk:owner?secret=${SECRET}&issuer=BrokerDesk`;
const RECOVERY = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', 'staff-1');
});

function confirms() {
  return api.requests.filter((r) => r.path === '/api/staff/totp/confirm');
}

async function startSetup(onEnrolled = vi.fn()) {
  api.on('POST /api/staff/totp/setup', { status: 200, body: { secret: SECRET, otpauthUri: URI } });
  const view = renderAt(
    <TotpEnrolment enrolled={false} onEnrolled={onEnrolled} />,
    '/adminDashboard/security',
  );
  await view.user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
  await screen.findByRole('img', { name: 'QR code for your authenticator app' });
  return { ...view, onEnrolled };
}

describe('TotpEnrolment', () => {
  it('says two-factor authentication is on once enrolled, and offers no set-up', () => {
    renderAt(<TotpEnrolment enrolled onEnrolled={vi.fn()} />, '/adminDashboard/security');
    expect(screen.getByRole('status').textContent).toBe(TOTP_ON);
    expect(screen.queryByRole('button', { name: 'Set up two-factor authentication' })).toBeNull();
  });

  it('draws the otpauth URI as an inline SVG QR code and shows the key to type by hand', async () => {
    await startSetup();
    const setup = api.requests.find((r) => r.path === '/api/staff/totp/setup');
    expect(setup?.method).toBe('POST');
    expect(setup?.headers.get('x-auth-token')).toBe('staff-1');

    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A background plus many runs of dark modules; no image URL anywhere.
    expect(qr.querySelectorAll('rect').length).toBeGreaterThan(20);
    expect(qr.querySelector('image')).toBeNull();
    expect(qr.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(screen.getByText(SECRET).tagName.toLowerCase()).toBe('code');
    expect(screen.getByRole('button', { name: 'Copy the key' })).toBeTruthy();
  });

  it('asks for six digits before sending anything', async () => {
    const { user } = await startSetup();
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    await waitFor(() => expect(errorOf(code)).toBe(MESSAGES.backOffice.totpCodeInvalid));
    expect(confirms()).toHaveLength(0);
  });

  it('shows the server’s message under the field for a wrong code', async () => {
    api.on('POST /api/staff/totp/confirm', {
      status: 400,
      body: { message: MESSAGES.backOffice.totpCodeWrong, code: 'BAD_REQUEST' },
    });
    const { user, onEnrolled } = await startSetup();
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    await waitFor(() => expect(errorOf(code)).toBe(MESSAGES.backOffice.totpCodeWrong));
    expect(onEnrolled).not.toHaveBeenCalled();
    expect(screen.queryByText(RECOVERY_WARNING)).toBeNull();
  });

  it('confirms the code and shows the ten recovery codes once, to copy or download', async () => {
    api.on('POST /api/staff/totp/confirm', { status: 200, body: { recoveryCodes: RECOVERY } });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:recovery';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const { user, onEnrolled } = await startSetup();

    await user.type(screen.getByLabelText('6-digit code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    expect(confirms()[0]?.body).toEqual({ code: '123456' });
    expect(onEnrolled).toHaveBeenCalledTimes(1);
    expect(screen.getByText(RECOVERY_WARNING)).toBeTruthy();
    expect(RECOVERY_WARNING).toBe('Store these now; they will not be shown again.');
    const section = heading.closest('section')!;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(RECOVERY);

    await user.click(screen.getByRole('button', { name: 'Copy all recovery codes' }));
    expect(writeText).toHaveBeenCalledWith(RECOVERY.join('\n'));

    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(downloads).toEqual([RECOVERY_FILE_NAME]);
    expect(await blobs[0]?.text()).toBe(`${RECOVERY.join('\n')}\n`);

    // Once put away they are gone for good.
    await user.click(screen.getByRole('button', { name: 'I have stored them' }));
    expect(screen.queryByText(RECOVERY[0]!)).toBeNull();
  });
});
