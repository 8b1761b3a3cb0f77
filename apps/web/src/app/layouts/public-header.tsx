import { useState, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';

/**
 * Top bar of the public site. On narrow screens the links sit in a panel that the Menu button
 * opens and closes; following a link closes it. (The Trade / Education / About menus come with
 * the public pages.)
 */
export function PublicHeader() {
  const [open, setOpen] = useState(false);

  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Logo tone="light" />
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <div
          id="site-nav"
          className={open ? 'site-nav site-nav--open' : 'site-nav'}
          onClick={closeOnLink}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <nav aria-label="Main">
            <ul className="site-nav-links">
              <li>
                <NavLink to={paths.home} end className="site-nav-link">
                  Home
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="site-actions">
            <Link to={paths.register} className="button button--accent">
              OPEN AN ACCOUNT
            </Link>
            <Link to={paths.userDashboard} className="button button--outline-light">
              LOGIN
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
