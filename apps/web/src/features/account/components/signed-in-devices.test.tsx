import { MESSAGES, type ClientSession } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { SignedInDevices } from './signed-in-devices';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function session(overrides: Partial<ClientSession>): ClientSession {
  return {
    id: 'ses-1',
    createdAt: '2026-03-03T14:05:09.000Z',
    lastSeenAt: '2026-03-03T15:00:00.000Z',
    expiresAt: '2026-04-03T14:05:09.000Z',
    userAgent: CHROME_LINUX,
    ip: '203.0.113.7',
    current: false,
    ...overrides,
  };
}

const HERE = session({ id: 'ses-here', current: true });
const PHONE = session({
  id: 'ses-phone',
  userAgent: SAFARI_IPHONE,
  ip: '198.51.100.20',
  createdAt: '2026-03-04T09:00:00.000Z',
  lastSeenAt: '2026-03-04T09:30:00.000Z',
});
const OLD = session({ id: 'ses-old', userAgent: null, ip: null });

function region(): HTMLElement {
  return screen.getByRole('region', { name: 'Signed-in devices' });
}

function rows(): HTMLElement[] {
  return within(region()).getAllByRole('listitem');
}

/** The outcome line under the list (a load failure has a status panel of its own). */
function status(): string {
  return region().querySelector('.result-line')?.textContent ?? '';
}

function renderDevices() {
  return renderAt(<SignedInDevices />, '/userDashboard/account');
}

let api: FakeApi;
let listed: ClientSession[];

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
  // Newest first, as the server sorts them; this device is not the newest.
  listed = [PHONE, HERE, OLD];
  api.on('GET /api/account/sessions', () => ({ status: 200, body: { sessions: listed } }));
});

describe('Signed-in devices', () => {
  it('lists each device with a readable name, address and times, this device first', async () => {
    renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first?.textContent).toContain('Chrome on Linux');
    expect(first?.textContent).toContain('This device');
    expect(first?.textContent).toContain('203.0.113.7');
    expect(
      within(first as HTMLElement)
        .getAllByRole('time')
        .map((t) => t.getAttribute('datetime')),
    ).toEqual([HERE.createdAt, HERE.lastSeenAt]);
    expect(second?.textContent).toContain('Safari on iPhone');
    expect(second?.textContent).not.toContain('This device');
    expect(third?.textContent).toContain('Unknown device');
    expect(third?.textContent).toContain('Not recorded');
    expect(api.requests[0]?.headers.get('user-token')).toBe('tok-1');
  });

  it('signs one other device out and shows the list again', async () => {
    api.on('DELETE /api/account/sessions/ses-phone', { status: 204 });
    const { user } = renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));

    listed = [HERE, OLD];
    await user.click(
      within(region()).getByRole('button', { name: 'Sign out Safari on iPhone, 198.51.100.20' }),
    );

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(status()).toBe('Safari on iPhone is signed out.');
    const deletes = api.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).toEqual(['/api/account/sessions/ses-phone']);
    expect(window.localStorage.getItem('user-token')).toBe('tok-1');
    expect(document.activeElement).toBe(within(region()).getByRole('heading'));
  });

  it('shows the pending state on the row being signed out', async () => {
    api.on('DELETE /api/account/sessions/ses-phone', 'pending');
    const { user } = renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(region()).getByRole('button', { name: /Sign out Safari on iPhone/ }));

    const phone = rows()[1] as HTMLElement;
    expect(within(phone).getByRole('button').textContent).toBe('Signing out…');
    expect(
      within(region())
        .getAllByRole('button')
        .every((button) => (button as HTMLButtonElement).disabled),
    ).toBe(true);
  });

  it('says a device is already gone on 404 and refreshes the list', async () => {
    api.on('DELETE /api/account/sessions/ses-old', {
      status: 404,
      body: { message: MESSAGES.account.sessionNotFound, code: 'NOT_FOUND' },
    });
    const { user } = renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));
    listed = [PHONE, HERE];
    await user.click(within(region()).getByRole('button', { name: 'Sign out Unknown device' }));

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(status()).toBe(MESSAGES.account.sessionNotFound);
  });

  it('signs every other device out', async () => {
    api.on('POST /api/account/sessions/revoke-others', {
      status: 200,
      body: { message: MESSAGES.account.otherSessionsSignedOut, revoked: 2 },
    });
    const { user } = renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));
    listed = [HERE];
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(status()).toBe(MESSAGES.account.otherSessionsSignedOut);
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
    expect(region().textContent).toContain('No other device is signed in.');
  });

  it("shows the server's words when signing the others out fails", async () => {
    api.on('POST /api/account/sessions/revoke-others', 'network-error');
    const { user } = renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(status()).toContain('Could not reach the server'));
    expect(rows()).toHaveLength(3);
  });

  it('signing this device out ends the session here and opens the login', async () => {
    api.on('DELETE /api/account/sessions/ses-here', { status: 204 });
    const { user } = renderDevices();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Sign out this device' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userLogin'));
    expect(window.localStorage.getItem('user-token')).toBeNull();
    expect(api.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/ses-here'))).toBe(
      true,
    );
  });

  it('offers Try again when the list cannot be loaded', async () => {
    // A 429 (not retried by the query client): the panel shows at once.
    api.on('GET /api/account/sessions', {
      status: 429,
      body: { message: 'Too many requests', code: 'RATE_LIMITED' },
    });
    const { user } = renderDevices();
    await waitFor(() =>
      expect(
        within(region())
          .getAllByRole('status')
          .map((line) => line.textContent),
      ).toContain('We could not load your signed-in devices. Please try again.Try again'),
    );
    api.on('GET /api/account/sessions', { status: 200, body: { sessions: [HERE] } });
    await user.click(within(region()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
