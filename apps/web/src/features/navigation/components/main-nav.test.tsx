import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../testing/render';
import { MainNav } from './main-nav';

afterEach(() => window.localStorage.clear());

describe('MainNav account buttons', () => {
  it('offers OPEN AN ACCOUNT and LOGIN to a visitor', () => {
    renderAt(<MainNav />);
    expect(screen.getByRole('link', { name: 'OPEN AN ACCOUNT' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LOGIN' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'MY DASHBOARD' })).toBeNull();
  });

  // Issue 16: a signed-in client was offered LOGIN and OPEN AN ACCOUNT.
  it('shows a signed-in client the way to the dashboard instead', () => {
    window.localStorage.setItem('user-token', 'tok-1');
    renderAt(<MainNav />);
    expect(screen.getByRole('link', { name: 'MY DASHBOARD' }).getAttribute('href')).toBe(
      '/userDashboard/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'LOGIN' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'OPEN AN ACCOUNT' })).toBeNull();
  });

  it('pre-renders the visitor’s buttons whatever is stored, and switches after hydration', async () => {
    window.localStorage.setItem('user-token', 'tok-1');
    const page = (
      <MemoryRouter>
        <MainNav />
      </MemoryRouter>
    );
    const html = renderToString(page);
    expect(html).toContain('OPEN AN ACCOUNT');
    expect(html).not.toContain('MY DASHBOARD');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, page));
    expect(within(container).getByRole('link', { name: 'MY DASHBOARD' })).toBeTruthy();
    act(() => root.unmount());
    container.remove();
  });
});
