import { useEffect } from 'react';
import { NavLink, Outlet, redirect, useNavigate } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { getToken, onSessionExpired } from '../../lib/auth-tokens';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** Seed §2: no user token means /userLogin — also on a direct load of any portal URL. */
export function clientLoader() {
  if (!getToken('user')) throw redirect(paths.login);
  return null;
}

export default function PortalLayout() {
  const navigate = useNavigate();
  const { signOut, isPending } = useLogout();

  // A 401 from any portal call has already removed the token; go to the login page.
  useEffect(
    () =>
      onSessionExpired((kind) => {
        if (kind === 'user') void navigate(paths.login, { replace: true });
      }),
    [navigate],
  );

  return (
    <div className="page">
      <SkipLink />
      <header className="portal-header">
        <div className="container portal-header-inner">
          <Logo tone="light" />
          <nav aria-label="Account" className="portal-nav">
            <ul>
              <li>
                <NavLink to={paths.userDashboardHome} className="portal-nav-link">
                  Dashboard
                </NavLink>
              </li>
            </ul>
          </nav>
          <button
            type="button"
            className="button button--outline-light"
            onClick={() => void signOut()}
            disabled={isPending}
          >
            Logout
          </button>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="page-main container portal-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
