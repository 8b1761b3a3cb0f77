import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink, Outlet, redirect } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth';
import { EmailVerificationBanner } from '../../features/email-verification';
import { getToken } from '../../lib/auth-tokens';
import { useSessionExpiryRedirect } from '../../lib/use-session-expiry-redirect';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import './portal-layout.css';

/**
 * docs/origin.md §2: no user token means /userLogin — also on a direct load of any portal URL.
 * A page other than the dashboard rides along as `?next=` (a START TRADING NOW link reaches
 * /userDashboard/trade), and the login form returns there after signing in.
 */
export function clientLoader({ request }: { request: Request }) {
  if (!getToken('user')) {
    const { pathname } = new URL(request.url);
    const back =
      pathname.startsWith(`${paths.userDashboard}/`) && pathname !== paths.userDashboardHome;
    throw redirect(back ? `${paths.login}?next=${encodeURIComponent(pathname)}` : paths.login);
  }
  return null;
}

/** The portal's pages, in the seed's order. */
const PORTAL_LINKS = [
  { to: paths.userDashboardHome, label: 'Dashboard' },
  { to: paths.trade, label: 'Trade' },
  { to: paths.account, label: 'Account' },
  { to: paths.depositWithdrawal, label: 'Deposit & Withdrawal' },
  { to: paths.packages, label: 'Packages' },
  { to: paths.subscriptionTrade, label: 'Subscriptions' },
  { to: paths.transactionHistory, label: 'Transaction History' },
  { to: paths.referral, label: 'Referral' },
  { to: paths.verification, label: 'Verification' },
  { to: paths.support, label: 'Support' },
] as const;

const PANEL_ID = 'portal-nav';

/**
 * The client portal's frame. The navigation is a disclosure (docs/decisions/030): from 641 px
 * every link is in view; on a phone the list sits behind a Menu toggle that closes again when a
 * link is followed, on Escape, or on a tap outside.
 */
export default function PortalLayout() {
  const { signOut, isPending } = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useSessionExpiryRedirect('user', paths.login);

  // A tap outside the header closes the open menu; the listener exists only while it is open.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const header = headerRef.current;
      if (header && event.target instanceof Node && !header.contains(event.target)) {
        setMenuOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);

  const onNavClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      toggleRef.current?.focus();
      event.stopPropagation();
    }
  };

  return (
    <div className="page">
      <SkipLink />
      <header className="portal-header" ref={headerRef} onKeyDown={onKeyDown}>
        <div className="container portal-header-inner">
          <Logo tone="light" />
          <div className="portal-header-actions">
            <button
              ref={toggleRef}
              type="button"
              className="portal-menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={PANEL_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="nav-toggle-bars" aria-hidden="true" />
              Menu
            </button>
            <button
              type="button"
              className="button button--outline-light"
              onClick={() => void signOut()}
              disabled={isPending}
            >
              Logout
            </button>
          </div>
          <nav
            id={PANEL_ID}
            aria-label="Client portal"
            className={menuOpen ? 'portal-menu portal-menu--open' : 'portal-menu'}
            onClick={onNavClick}
          >
            <ul className="portal-menu-list">
              {PORTAL_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end className="portal-menu-link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="page-main container portal-main">
        <EmailVerificationBanner />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
