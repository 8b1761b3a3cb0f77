import { useState } from 'react';
import { NavLink, Outlet, redirect } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../config/paths';
import { useAdminLogout } from '../../features/admin-auth/api/admin-logout';
import { useAdminProfile } from '../../features/admin-auth/api/get-admin-profile';
import { getToken } from '../../lib/auth-tokens';
import { useSessionExpiryRedirect } from '../../lib/use-session-expiry-redirect';
import { site } from '../../content/site';
import { SkipLink } from './skip-link';

/** No admin token means /adminLogin. */
export function clientLoader() {
  if (!getToken('admin')) throw redirect(paths.adminLogin);
  return null;
}

/** Back-office shell: collapsible side menu, the signed-in staff member, Logout. */
export default function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(true);
  const profile = useAdminProfile();
  const { signOut, isPending } = useAdminLogout();

  useSessionExpiryRedirect('admin', paths.adminLogin);

  return (
    <div className={menuOpen ? 'admin-shell' : 'admin-shell admin-shell--collapsed'}>
      <SkipLink />
      <header className="admin-header">
        <button
          type="button"
          className="button button--ghost-light admin-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpen((value) => !value)}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <span className="admin-brand">{site.companyName} back office</span>
        <div className="admin-session">
          <p className="admin-user">
            {profile.data ? (
              <>
                Signed in as <strong>{profile.data.username}</strong>{' '}
                <span className="admin-role">({profile.data.role})</span>
              </>
            ) : profile.isError ? null : (
              <Skeleton size="md" />
            )}
          </p>
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
      <div className="admin-body">
        <nav id="admin-menu" aria-label="Back office" className="admin-menu" hidden={!menuOpen}>
          <ul>
            <li>
              <NavLink to={paths.adminDashboard} end className="admin-menu-link">
                Dashboard
              </NavLink>
            </li>
          </ul>
        </nav>
        <main id="main-content" tabIndex={-1} className="admin-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
