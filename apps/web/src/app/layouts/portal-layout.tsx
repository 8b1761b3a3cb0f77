import { NavLink, Outlet, redirect } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { getToken } from '../../lib/auth-tokens';
import { useSessionExpiryRedirect } from '../../lib/use-session-expiry-redirect';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** Seed §2: no user token means /userLogin — also on a direct load of any portal URL. */
export function clientLoader() {
  if (!getToken('user')) throw redirect(paths.login);
  return null;
}

export default function PortalLayout() {
  const { signOut, isPending } = useLogout();

  useSessionExpiryRedirect('user', paths.login);

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
