import { Outlet } from 'react-router';
import { ActivityPopup } from '../../features/activity';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

export default function PublicLayout() {
  return (
    <div className="page">
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="page-main">
        <Outlet />
      </main>
      <ActivityPopup />
      <SiteFooter />
    </div>
  );
}
