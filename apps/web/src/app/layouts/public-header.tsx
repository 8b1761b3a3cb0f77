import { Logo } from '../../components/ui/logo';
import { MainNav } from '../../features/navigation';

/**
 * Top bar of the public site: the logo, the Trade / Education / About menus and the seed's
 * OPEN AN ACCOUNT and LOGIN buttons. Below 900 px the links sit in a panel behind a Menu toggle.
 */
export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Logo tone="light" />
        <MainNav />
      </div>
    </header>
  );
}
