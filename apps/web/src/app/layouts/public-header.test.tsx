import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { PublicHeader } from './public-header';

describe('PublicHeader', () => {
  it('links the seed’s buttons: OPEN AN ACCOUNT to /userRegister and LOGIN to /userDashboard', () => {
    renderAt(<PublicHeader />);
    expect(screen.getByRole('link', { name: 'OPEN AN ACCOUNT' }).getAttribute('href')).toBe(
      '/userRegister',
    );
    expect(screen.getByRole('link', { name: 'LOGIN' }).getAttribute('href')).toBe('/userDashboard');
    expect(screen.getByRole('link', { name: 'BrokerDesk' }).getAttribute('href')).toBe('/');
  });

  it('opens and closes the mobile link panel with the Menu button', async () => {
    const { user } = renderAt(<PublicHeader />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.className).not.toContain('site-nav--open');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).toContain('site-nav--open');

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
