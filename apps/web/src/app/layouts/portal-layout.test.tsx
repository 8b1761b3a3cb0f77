import type { DashboardResponse } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardResponse } from '../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../testing/fake-api';
import { LocationProbe, renderRoutes } from '../../testing/render';
import UserDashboard from '../routes/user-dashboard';
import PortalLayout, { clientLoader } from './portal-layout';

function dashboard(finances: DashboardResponse['userInfo']['finances']): DashboardResponse {
  return dashboardResponse({ emailVerified: false, finances });
}

/**
 * In framework mode React Router wraps each route component in a hook that reads router state,
 * so the page re-renders on every navigation state change (e.g. while leaving it). Do the same.
 */
function FrameworkDashboard() {
  useNavigation();
  return <UserDashboard />;
}

function renderPortal(path = '/userDashboard/dashboard') {
  return renderRoutes(
    [
      {
        path: '/userDashboard',
        Component: PortalLayout,
        loader: clientLoader,
        HydrateFallback: () => null,
        children: [
          { index: true, Component: FrameworkDashboard },
          { path: 'dashboard', Component: FrameworkDashboard },
        ],
      },
      // In the browser the home page's route module loads over the network: model that delay.
      {
        path: '/',
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

/** The portal with a stand-in page under every other portal path, to follow its links. */
function renderPortalPages(path: string) {
  return renderRoutes(
    [
      {
        path: '/userDashboard',
        Component: PortalLayout,
        loader: clientLoader,
        HydrateFallback: () => null,
        children: [
          { path: 'dashboard', Component: FrameworkDashboard },
          { path: '*', element: <LocationProbe /> },
        ],
      },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

const PORTAL_LINKS = [
  ['Dashboard', '/userDashboard/dashboard'],
  ['Trade', '/userDashboard/trade'],
  ['Account', '/userDashboard/account'],
  ['Deposit & Withdrawal', '/userDashboard/depositWithdrawal'],
  ['Packages', '/userDashboard/packages'],
  ['Subscriptions', '/userDashboard/subscriptionTrade'],
  ['Transaction History', '/userDashboard/transactionHistory'],
  ['Referral', '/userDashboard/referral'],
  ['Verification', '/userDashboard/verification'],
  ['Support', '/userDashboard/support'],
] as const;

function cardValue(title: string): string | null {
  const card = screen.getByRole('region', { name: title });
  return card.querySelector('.finance-card-value')?.textContent ?? null;
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

describe('client portal', () => {
  it('sends a visitor without a token to /userLogin, also on a direct load of a child page', async () => {
    renderPortal('/userDashboard/dashboard');
    expect((await screen.findByTestId('location')).textContent).toBe('/userLogin');
    expect(api.requests).toHaveLength(0);
  });

  it('sends a signed-out visitor of /userDashboard/trade to /userLogin with the way back', async () => {
    const { router } = renderPortalPages('/userDashboard/trade');
    expect((await screen.findByTestId('location')).textContent).toBe('/userLogin');
    expect(router.state.location.search).toBe('?next=%2FuserDashboard%2Ftrade');
  });

  it('welcomes the client by first name and shows the five cards in dollars', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('GET /api/userDashboard/send/', {
      status: 200,
      body: dashboard([
        { deposited: 1500, profit: 12.5, bonus: 0, refBonus: 0.05, balance: 1512.55 },
      ]),
    });
    renderPortal();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(cardValue('Deposit')).toBe('$1,500.00');
    expect(cardValue('Profit')).toBe('$12.50');
    expect(cardValue('Bonus')).toBe('$0.00');
    expect(cardValue('Ref. Bonus')).toBe('$0.05');
    expect(cardValue('Balance')).toBe('$1,512.55');
    expect(api.requests[0]?.headers.get('user-token')).toBe('tok-1');
  });

  it('shows $0.00 on every card for a client without a finances entry, also on the index route', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard([]) });
    renderPortal('/userDashboard');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' });
    for (const title of ['Deposit', 'Profit', 'Bonus', 'Ref. Bonus', 'Balance']) {
      expect(cardValue(title)).toBe('$0.00');
    }
  });

  it('ends the session and goes to /userLogin when the server answers 401', async () => {
    window.localStorage.setItem('user-token', 'expired');
    api.on('GET /api/userDashboard/send/', {
      status: 401,
      body: { message: 'Not signed in', code: 'UNAUTHENTICATED' },
    });
    renderPortal();

    expect((await screen.findByTestId('location')).textContent).toBe('/userLogin');
    expect(window.localStorage.getItem('user-token')).toBeNull();
  });

  it('offers a retry when the dashboard cannot be loaded', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('GET /api/userDashboard/send/', { status: 404, body: { message: 'Not found' } });
    const { user } = renderPortal();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your dashboard');
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard([]) });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
  });

  it('logs out: revokes the session, removes the token and goes home, even if the server fails', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api
      // Like the server: without the token the dashboard answers 401.
      .on('GET /api/userDashboard/send/', (request) =>
        request.headers.get('user-token')
          ? { status: 200, body: dashboard([]) }
          : { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } },
      )
      .on('POST /api/userLogout/send', { status: 500, body: { message: 'Internal error' } });
    const { user } = renderPortal();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    // Still home a moment later: nothing signed-in refetched and bounced the visitor to login.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(window.localStorage.getItem('user-token')).toBeNull();
    const logout = api.requests.find((request) => request.path === '/api/userLogout/send');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('user-token')).toBe('tok-1');
  });

  it('links every portal page in order and marks the current one', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard([]) });
    const { user } = renderPortalPages('/userDashboard/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Client portal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      PORTAL_LINKS.map(([label, href]) => [label, href]),
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Packages' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/userDashboard/packages');
    expect(within(nav).getByRole('link', { name: 'Packages' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).hasAttribute('aria-current')).toBe(
      false,
    );
    // The Logout button stays beside the menu.
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('opens the phone menu with its toggle and closes it when a link is followed', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard([]) });
    const { user } = renderPortalPages('/userDashboard/dashboard');

    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Client portal' });
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.classList.contains('portal-menu--open')).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('portal-menu--open')).toBe(true);

    await user.click(within(nav).getByRole('link', { name: 'Support' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/userDashboard/support');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.classList.contains('portal-menu--open')).toBe(false);
  });

  it('closes the phone menu on Escape and puts focus back on the toggle', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard([]) });
    const { user } = renderPortalPages('/userDashboard/dashboard');

    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{Escape}');

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
