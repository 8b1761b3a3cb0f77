import { roleCan, type AdminProfile, type StaffPermission } from '@brokerdesk/shared';
import { useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, redirect, useMatch } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../config/paths';
import { backOfficePaths } from '../../config/back-office-paths';
import { site } from '../../content/site';
import { useAdminLogout, useSessionScope, type StaffSessionScope } from '../../features/admin-auth';
import { useAdminProfile } from '../../api/get-admin-profile';
import { getToken } from '../../lib/auth-tokens';
import { useSessionExpiryRedirect } from '../../lib/use-session-expiry-redirect';
import { SkipLink } from './skip-link';
import './admin-layout.css';

/** No admin token means /adminLogin. */
export function clientLoader() {
  if (!getToken('admin')) throw redirect(paths.adminLogin);
  return null;
}

interface MenuLink {
  to: string;
  label: string;
  /** Who sees the link (permissions.ts); null: every staff member. */
  permission: StaffPermission | null;
  end?: boolean;
}

/** The side menu, in order (docs/origin.md §2 plus the back office's pages); Logout follows. */
export const ADMIN_MENU: readonly MenuLink[] = [
  { to: backOfficePaths.adminDashboard, label: 'Dashboard', permission: 'clients:read', end: true },
  { to: backOfficePaths.adminClients, label: 'Clients', permission: 'clients:read' },
  { to: backOfficePaths.adminRequests, label: 'Requests', permission: 'clients:read' },
  { to: backOfficePaths.adminSupport, label: 'Support inbox', permission: 'clients:read' },
  { to: backOfficePaths.adminDocuments, label: 'Documents', permission: 'clients:read' },
  {
    to: backOfficePaths.adminRegistration,
    label: 'Manage Registration',
    permission: 'clients:write',
  },
  {
    to: backOfficePaths.adminSubscription,
    label: 'Manage Subscription',
    permission: 'money:write',
  },
  { to: backOfficePaths.adminTransaction, label: 'Manage Transaction', permission: 'money:write' },
  { to: backOfficePaths.adminTrading, label: 'Dealing desk', permission: 'trading:read' },
  { to: backOfficePaths.adminAudit, label: 'Audit log', permission: 'audit:read' },
  { to: backOfficePaths.adminStaff, label: 'Staff', permission: 'staff:manage' },
  { to: backOfficePaths.adminSecurity, label: 'Two-factor authentication', permission: null },
];

/** The links a session may use: by role, or only the security page until TOTP is set up. */
export function visibleMenu(profile: AdminProfile, scope: StaffSessionScope): MenuLink[] {
  if (scope === 'enrolment-only')
    return ADMIN_MENU.filter((link) => link.to === backOfficePaths.adminSecurity);
  return ADMIN_MENU.filter(
    (link) => link.permission === null || roleCan(profile.role, link.permission),
  );
}

/** From 768 px the menu starts open beside the page; on a phone it starts collapsed. */
const WIDE_SCREEN = '(min-width: 48rem)';

function isWideScreen(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN).matches;
}

/**
 * Back-office shell: the signed-in staff member, a collapsible side menu of the pages their
 * role may use and Logout, and a notice while two-factor authentication is not set up — with
 * STAFF_2FA=required such a session can only reach the security page.
 */
export default function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(isWideScreen);
  const profile = useAdminProfile();
  const scope = useSessionScope(profile.data);
  const { signOut, isPending } = useAdminLogout();
  const onSecurityPage = useMatch(backOfficePaths.adminSecurity) !== null;

  useSessionExpiryRedirect('admin', paths.adminLogin);

  // On a phone the open menu covers the page: following a link closes it.
  const onMenuClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a') && !isWideScreen()) {
      setMenuOpen(false);
    }
  };

  const links = profile.data && scope ? visibleMenu(profile.data, scope) : null;
  const notEnrolled = profile.data?.totpEnrolled === false;
  // Not enrolled and the scope still being asked: wait, rather than open a page that may be refused.
  const holdPage = notEnrolled && !onSecurityPage && scope !== 'full';

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
        </div>
      </header>
      <div className="admin-body">
        <nav
          id="admin-menu"
          aria-label="Back office"
          className="admin-menu"
          hidden={!menuOpen}
          onClick={onMenuClick}
        >
          <ul>
            {links
              ? links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end ?? false} className="admin-menu-link">
                      {link.label}
                    </NavLink>
                  </li>
                ))
              : profile.isError
                ? null
                : [0, 1, 2].map((row) => (
                    <li key={row} className="admin-menu-placeholder">
                      <Skeleton size="md" />
                    </li>
                  ))}
            <li className="admin-menu-end">
              <button
                type="button"
                className="admin-menu-link admin-menu-logout"
                onClick={() => void signOut()}
                disabled={isPending}
              >
                {isPending ? 'Logging out…' : 'Logout'}
              </button>
            </li>
          </ul>
        </nav>
        <main id="main-content" tabIndex={-1} className="admin-main">
          {notEnrolled && !onSecurityPage && scope === 'full' ? (
            <div className="admin-notice" role="note" aria-label="Two-factor authentication">
              <p>
                <strong>Two-factor authentication is not set up for your account.</strong> Add a
                code from your phone to your login, so a leaked password alone cannot open the back
                office.
              </p>
              <Link to={backOfficePaths.adminSecurity} className="button button--primary">
                Set up two-factor authentication
              </Link>
            </div>
          ) : null}
          {scope === 'enrolment-only' && !onSecurityPage ? (
            <div className="admin-notice admin-notice--required">
              <h1>Set up two-factor authentication to continue</h1>
              <p>
                Your account must use two-factor authentication before you can use the back office.
                It takes a minute with an authenticator app on your phone.
              </p>
              <Link to={backOfficePaths.adminSecurity} className="button button--primary">
                Set up two-factor authentication
              </Link>
            </div>
          ) : holdPage ? (
            <Skeleton size="lg" />
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </div>
  );
}
