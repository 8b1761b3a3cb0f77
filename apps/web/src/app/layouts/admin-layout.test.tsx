import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api';
import { LocationProbe, renderRoutes } from '../../testing/render';
import AdminDashboard from '../routes/admin-dashboard';
import AdminLayout, { clientLoader } from './admin-layout';

function renderBackOffice() {
  return renderRoutes(
    [
      {
        path: '/adminDashboard',
        Component: AdminLayout,
        loader: clientLoader,
        HydrateFallback: () => null,
        children: [{ index: true, Component: AdminDashboard }],
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
    '/adminDashboard',
  );
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
    window.localStorage.setItem('admin-token', 'staff-1');
    api.on('GET /api/adminDashboard/adminDashboard', {
      status: 200,
      body: { username: 'owner', role: 'owner' },
    });
    const { user } = renderBackOffice();

    expect(await screen.findByText('owner', { selector: 'strong' })).toBeTruthy();
    expect(api.requests[0]?.headers.get('x-auth-token')).toBe('staff-1');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('ends the staff session on a 401 and returns to /adminLogin', async () => {
    window.localStorage.setItem('admin-token', 'revoked');
    api.on('GET /api/adminDashboard/adminDashboard', {
      status: 401,
      body: { message: 'Not signed in', code: 'UNAUTHENTICATED' },
    });
    renderBackOffice();

    expect((await screen.findByTestId('location')).textContent).toBe('/adminLogin');
    expect(window.localStorage.getItem('admin-token')).toBeNull();
  });

  it('logs out with x-auth-token, removes admin-token and returns to /adminLogin', async () => {
    window.localStorage.setItem('admin-token', 'staff-1');
    api
      // Like the server: without the token the profile answers 401.
      .on('GET /api/adminDashboard/adminDashboard', (request) =>
        request.headers.get('x-auth-token')
          ? { status: 200, body: { username: 'owner', role: 'owner' } }
          : { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } },
      )
      .on('POST /api/adminLogout/adminLogout', { status: 204 });
    const { user } = renderBackOffice();
    await screen.findByText('owner', { selector: 'strong' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

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
