import { Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** Registration, login and password reset: one card under the logo link home (docs/origin.md §2). */
export default function AuthLayout() {
  return (
    <div className="page page--auth">
      <SkipLink />
      <header className="auth-header">
        <div className="container">
          <Logo />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="page-main auth-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
