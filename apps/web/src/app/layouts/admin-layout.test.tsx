import type { StaffRole } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi, type Reply } from '../../testing/fake-api';
import { LocationProbe, renderRoutes } from '../../testing/render';
import AdminLayout, { clientLoader } from './admin-layout';

const PROFILE = 'GET /api/adminDashboard/adminDashboard';

function renderBackOffice(path = '/adminDashboard') {
  return renderRoutes(
    [
      {
        path: '/adminDashboard',
        Component: AdminLayout,
        loader: clientLoader,
        HydrateFallback: () => null,
        children: [
          { index: true, element: <h1>Overview page</h1> },
          { path: 'clients', element: <h1>Clients page</h1> },
          { path: 'security', element: <h1>Security page</h1> },
        ],
      },
      // The login page's route module loads over the network in the browser.
      {
        path: '/adminLogin',
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return { element: <LocationProbe /> };
        },
      },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

function signIn(role: StaffRole, totpEnrolled = true, enrolmentOnly = false) {
  window.localStorage.setItem('admin-token', 'staff-1');
  const sessionScope = enrolmentOnly ? 'totp-enrolment' : 'full';
  api.on(PROFILE, {
    status: 200,
    body: { username: `${role}-1`, role, totpEnrolled, sessionScope },
  });
}

async function menuLabels(): Promise<string[]> {
  const menu = await screen.findByRole('navigation', { name: 'Back office' });
  await waitFor(() => expect(within(menu).getAllByRole('link').length).toBeGreaterThan(0));
  return [
    ...within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent ?? ''),
    ...within(menu)
      .getAllByRole('button')
      .map((button) => button.textContent ?? ''),
  ];
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

describe('back office shell', () => {
  it('sends a visitor without an admin token to /adminLogin', async () => {
    window.localStorage.setItem('user-token', 'a-client-token');
    renderBackOffice();
    expect((await screen.findByTestId('location')).textContent).toBe('/adminLogin');
  });

  it('shows the signed-in staff member and collapses the side menu', async () => {
    signIn('owner');
    const { user } = renderBackOffice();

    expect(await screen.findByText('owner-1', { selector: 'strong' })).toBeTruthy();
    expect(api.requests[0]?.headers.get('x-auth-token')).toBe('staff-1');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('starts with the menu collapsed on a phone and closes it when a link is followed', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: false, media: query }) as MediaQueryList,
    );
    signIn('owner');
    const { user } = renderBackOffice();
    await screen.findByText('owner-1', { selector: 'strong' });

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    expect(await screen.findByRole('heading', { name: 'Clients page' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists every page for an owner, in the seed’s order, with Logout last', async () => {
    signIn('owner');
    renderBackOffice();
    expect(await menuLabels()).toEqual([
      'Dashboard',
      'Clients',
      'Requests',
      'Support inbox',
      'Documents',
      'Manage Registration',
      'Manage Subscription',
      'Manage Transaction',
      'Dealing desk',
      'Audit log',
      'Staff',
      'Two-factor authentication',
      'Logout',
    ]);
  });

  it('shows support only what its role may use', async () => {
    signIn('support');
    renderBackOffice();
    expect(await menuLabels()).toEqual([
      'Dashboard',
      'Clients',
      'Requests',
      'Support inbox',
      'Documents',
      'Two-factor authentication',
      'Logout',
    ]);
  });

  it('shows an auditor the read-only pages and the audit log, no forms and no staff page', async () => {
    signIn('auditor');
    renderBackOffice();
    const labels = await menuLabels();
    expect(labels).toEqual([
      'Dashboard',
      'Clients',
      'Requests',
      'Support inbox',
      'Documents',
      'Dealing desk',
      'Audit log',
      'Two-factor authentication',
      'Logout',
    ]);
    expect(labels).not.toContain('Manage Transaction');
    expect(labels).not.toContain('Staff');
  });

  it('limits an enrolment-only session to the security page and Logout, and says why', async () => {
    signIn('owner', false, true);
    const { user } = renderBackOffice();

    expect(await menuLabels()).toEqual(['Two-factor authentication', 'Logout']);
    expect(
      await screen.findByRole('heading', {
        name: 'Set up two-factor authentication to continue',
      }),
    ).toBeTruthy();
    // The page itself is held back: it would only be refused.
    expect(screen.queryByRole('heading', { name: 'Overview page' })).toBeNull();

    await user.click(screen.getAllByRole('link', { name: 'Set up two-factor authentication' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Security page' })).toBeTruthy();
    expect(
      screen.queryByRole('heading', { name: 'Set up two-factor authentication to continue' }),
    ).toBeNull();
  });

  it('reminds a staff member without TOTP to set it up, with the full menu when allowed', async () => {
    signIn('operations', false);
    renderBackOffice();

    const notice = await screen.findByRole('note', { name: 'Two-factor authentication' });
    expect(screen.getByRole('heading', { name: 'Overview page' })).toBeTruthy();
    expect(notice.textContent).toContain('Two-factor authentication is not set up');
    expect(
      within(notice)
        .getByRole('link', { name: 'Set up two-factor authentication' })
        .getAttribute('href'),
    ).toBe('/adminDashboard/security');
    expect(await menuLabels()).toContain('Manage Transaction');
  });

  it('shows no notice once TOTP is set up', async () => {
    signIn('owner', true);
    renderBackOffice();
    expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeTruthy();
    await screen.findByText('owner-1', { selector: 'strong' });
    expect(screen.queryByRole('note', { name: 'Two-factor authentication' })).toBeNull();
  });

  it('ends the staff session on a 401 and returns to /adminLogin', async () => {
    window.localStorage.setItem('admin-token', 'revoked');
    api.on(PROFILE, {
      status: 401,
      body: { message: 'Not signed in', code: 'UNAUTHENTICATED' },
    });
    renderBackOffice();

    expect((await screen.findByTestId('location')).textContent).toBe('/adminLogin');
    expect(window.localStorage.getItem('admin-token')).toBeNull();
  });

  it('logs out from the menu with x-auth-token, removes admin-token and returns to /adminLogin', async () => {
    window.localStorage.setItem('admin-token', 'staff-1');
    api
      // Like the server: without the token the profile answers 401.
      .on(PROFILE, (request): Reply =>
        request.headers.get('x-auth-token')
          ? {
              status: 200,
              body: {
                username: 'owner-1',
                role: 'owner',
                totpEnrolled: true,
                sessionScope: 'full',
              },
            }
          : { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } },
      )
      .on('POST /api/adminLogout/adminLogout', { status: 204 });
    const { user } = renderBackOffice();
    await screen.findByText('owner-1', { selector: 'strong' });

    const menu = screen.getByRole('navigation', { name: 'Back office' });
    await user.click(within(menu).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/adminLogin'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      api.requests.filter((r) => r.path === '/api/adminDashboard/adminDashboard'),
    ).toHaveLength(1);
    expect(window.localStorage.getItem('admin-token')).toBeNull();
    const logout = api.requests.find((request) => request.path === '/api/adminLogout/adminLogout');
    expect(logout?.headers.get('x-auth-token')).toBe('staff-1');
  });
});
