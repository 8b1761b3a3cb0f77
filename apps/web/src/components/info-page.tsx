import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../config/paths';
import { PUBLIC_PAGES, SIDE_MENU_TITLES, sideMenuLinks } from '../config/public-pages';
import type { PublicPage } from '../config/public-pages';
import { pageMeta } from '../lib/page-meta';
import './info-page.css';

function findPage(path: string): PublicPage {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not in PUBLIC_PAGES`);
  return page;
}

/** `meta` for an info page: its registry title plus a description of its own. */
export function infoPageMeta(path: string, description: string) {
  return pageMeta(findPage(path).title, description);
}

/**
 * The frame every info page shares (docs/origin.md §2): a 'Main' breadcrumb, the page heading, the
 * content, and the page's side menu (Trading tools, Education or Company).
 */
export function InfoPage({ path, children }: { path: string; children: ReactNode }) {
  const page = findPage(path);
  const menu = page.sideMenu ?? 'company';
  const menuTitle = SIDE_MENU_TITLES[menu];
  return (
    <div className="container info-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.home}>Main</Link>
          </li>
          <li aria-current="page">{page.title}</li>
        </ol>
      </nav>
      <div className="info-layout">
        <article className="info-content">
          <h1>{page.title}</h1>
          {children}
        </article>
        <aside className="info-aside">
          <nav aria-label={menuTitle} className="side-menu">
            <h2 className="side-menu-title">{menuTitle}</h2>
            <ul>
              {sideMenuLinks(menu).map((link) => (
                <li key={link.path}>
                  <NavLink to={link.path} end>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
    </div>
  );
}

/** The seed's call to action on instrument and education pages. */
export function StartTradingLink({ label = 'START TRADING NOW' }: { label?: string }) {
  return (
    <p className="info-cta">
      <Link to={paths.trade} className="button button--accent button--large">
        {label}
      </Link>
    </p>
  );
}
