import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { PublicHeader } from './public-header';

const submenuOf = (button: HTMLElement) => {
  const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the button controls no element');
  return list;
};

describe('PublicHeader', () => {
  it('links the seed’s buttons: OPEN AN ACCOUNT to /userRegister and LOGIN to /userDashboard', () => {
    renderAt(<PublicHeader />);
    expect(screen.getByRole('link', { name: 'OPEN AN ACCOUNT' }).getAttribute('href')).toBe(
      '/userRegister',
    );
    expect(screen.getByRole('link', { name: 'LOGIN' }).getAttribute('href')).toBe('/userDashboard');
    expect(screen.getByRole('link', { name: 'BrokerDesk' }).getAttribute('href')).toBe('/');
  });

  it('renders the three menus closed, each listing the seed’s links', () => {
    renderAt(<PublicHeader />);
    const trade = screen.getByRole('button', { name: 'Trade' });
    const education = screen.getByRole('button', { name: 'Education and analytics' });
    const about = screen.getByRole('button', { name: 'About company' });
    for (const button of [trade, education, about]) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(submenuOf(button).hidden).toBe(true);
    }
    const hrefs = (button: HTMLElement) =>
      [...submenuOf(button).querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs(trade)).toEqual([
      '/forex',
      '/futures',
      '/indexes',
      '/carriers',
      '/payment',
      '/withdrawal',
      '/execution',
      '/spreads',
      '/swaps',
      '/hours',
    ]);
    expect(hrefs(education)).toEqual(['/webinars', '/calendar', '/ebook', '/advices']);
    expect(hrefs(about)).toHaveLength(11);
    expect(hrefs(about)).toContain('/conflict');
  });

  it('opens a submenu on click, closes it on a second click, and keeps only one open', async () => {
    const { user } = renderAt(<PublicHeader />);
    const trade = screen.getByRole('button', { name: 'Trade' });
    const about = screen.getByRole('button', { name: 'About company' });

    await user.click(trade);
    expect(trade.getAttribute('aria-expanded')).toBe('true');
    expect(submenuOf(trade).hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'Forex' })).toBeTruthy();

    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    expect(trade.getAttribute('aria-expanded')).toBe('false');
    expect(submenuOf(trade).hidden).toBe(true);

    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(submenuOf(about).hidden).toBe(true);
  });

  it('takes the visitor to the page of the submenu link they follow', async () => {
    const { user } = renderAt(<PublicHeader />);
    const trade = screen.getByRole('button', { name: 'Trade' });
    await user.click(trade);
    await user.click(screen.getByRole('link', { name: 'Trading hours' }));
    expect(screen.getByTestId('location').textContent).toBe('/hours');
  });

  it('closes the submenu when a link is followed without leaving the header', async () => {
    // The header stays mounted here (the link is followed within the same route element).
    const { user } = renderAt(<PublicHeader />, '/forex');
    const trade = screen.getByRole('button', { name: 'Trade' });
    await user.click(trade);
    await user.click(screen.getByRole('link', { name: 'Forex' }));
    expect(trade.getAttribute('aria-expanded')).toBe('false');
    expect(submenuOf(trade).hidden).toBe(true);
  });

  it('closes the open submenu with Escape and returns focus to its button', async () => {
    const { user } = renderAt(<PublicHeader />);
    const education = screen.getByRole('button', { name: 'Education and analytics' });
    await user.click(education);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Webinars');

    await user.keyboard('{Escape}');
    expect(education.getAttribute('aria-expanded')).toBe('false');
    expect(submenuOf(education).hidden).toBe(true);
    expect(document.activeElement).toBe(education);
  });

  it('closes the open submenu on a click outside the navigation', async () => {
    const { user } = renderAt(
      <>
        <PublicHeader />
        <p>Page body</p>
      </>,
    );
    const trade = screen.getByRole('button', { name: 'Trade' });
    await user.click(trade);
    expect(trade.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('Page body'));
    expect(trade.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens and closes the mobile link panel with the Menu button', async () => {
    const { user } = renderAt(<PublicHeader />);
    const toggle = screen.getByRole('button', { name: /menu/i });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.className).not.toContain('main-nav-panel--open');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).toContain('main-nav-panel--open');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.className).not.toContain('main-nav-panel--open');
  });

  it('closes the mobile panel when a link in it is followed', async () => {
    const { user } = renderAt(<PublicHeader />);
    const toggle = screen.getByRole('button', { name: /menu/i });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
