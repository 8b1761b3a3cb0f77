// Every pre-rendered public page of the seed (docs/origin.md §2), in one list. It drives the routes
// (app/routes.ts), pre-rendering (react-router.config.ts), the navigation menus, the side menus
// of the info pages, and the browser test that visits every public route.
// This file is read by the build tooling too: keep it free of React and browser code.

export type MenuGroup = 'trade' | 'education' | 'about';
export type SideMenu = 'trading-tools' | 'education' | 'company';

export interface PublicPage {
  path: string;
  /** Route module, relative to src/app/. */
  file: string;
  /** The page's main heading (h1), also its <title>. */
  title: string;
  /** The label of its link in the top menus, when it has one. */
  menuLabel?: string;
  menu?: MenuGroup;
  /** Info pages carry the 'Main' breadcrumb and one side menu. */
  sideMenu?: SideMenu;
}

const tradingTools = 'trading-tools' as const;

export const PUBLIC_PAGES: readonly PublicPage[] = [
  // Trade menu
  {
    path: '/forex',
    file: 'routes/public/forex.tsx',
    title: 'Forex',
    menu: 'trade',
    menuLabel: 'Forex',
    sideMenu: tradingTools,
  },
  {
    path: '/futures',
    file: 'routes/public/futures.tsx',
    title: 'Commodity futures',
    menu: 'trade',
    menuLabel: 'Futures',
    sideMenu: tradingTools,
  },
  {
    path: '/indexes',
    file: 'routes/public/indexes.tsx',
    title: 'Share indexes',
    menu: 'trade',
    menuLabel: 'Indexes',
    sideMenu: tradingTools,
  },
  {
    path: '/carriers',
    file: 'routes/public/carriers.tsx',
    title: 'Energy carriers and metals',
    menu: 'trade',
    menuLabel: 'Energy and metals',
    sideMenu: tradingTools,
  },
  {
    path: '/payment',
    file: 'routes/public/payment.tsx',
    title: 'Payment methods',
    menu: 'trade',
    menuLabel: 'Payment methods',
    sideMenu: tradingTools,
  },
  {
    path: '/withdrawal',
    file: 'routes/public/withdrawal.tsx',
    title: 'Withdrawal information and general fees',
    menu: 'trade',
    menuLabel: 'Withdrawal information and general fees',
    sideMenu: tradingTools,
  },
  {
    path: '/execution',
    file: 'routes/public/execution.tsx',
    title: 'Execution of orders',
    menu: 'trade',
    menuLabel: 'Execution of orders',
    sideMenu: tradingTools,
  },
  {
    path: '/spreads',
    file: 'routes/public/spreads.tsx',
    title: 'Spreads',
    menu: 'trade',
    menuLabel: 'Spreads',
    sideMenu: tradingTools,
  },
  {
    path: '/swaps',
    file: 'routes/public/swaps.tsx',
    title: 'Swaps',
    menu: 'trade',
    menuLabel: 'Swaps',
    sideMenu: tradingTools,
  },
  {
    path: '/hours',
    file: 'routes/public/hours.tsx',
    title: 'Forex trading hours',
    menu: 'trade',
    menuLabel: 'Trading hours',
    sideMenu: tradingTools,
  },
  // Education and analytics menu
  {
    path: '/webinars',
    file: 'routes/public/webinars.tsx',
    title: 'Forex webinars',
    menu: 'education',
    menuLabel: 'Webinars',
    sideMenu: 'education',
  },
  {
    path: '/calendar',
    file: 'routes/public/calendar.tsx',
    title: 'Calendar of webinars',
    menu: 'education',
    menuLabel: 'Calendar webinars',
    sideMenu: 'education',
  },
  {
    path: '/ebook',
    file: 'routes/public/ebook.tsx',
    title: 'Forex e-book',
    menu: 'education',
    menuLabel: 'E-book',
    sideMenu: 'education',
  },
  {
    path: '/advices',
    file: 'routes/public/advices.tsx',
    title: 'Economic calendar',
    menu: 'education',
    menuLabel: 'Economic calendar',
    sideMenu: 'education',
  },
  // About company menu
  {
    path: '/about',
    file: 'routes/public/about.tsx',
    title: 'About us',
    menu: 'about',
    menuLabel: 'About us',
    sideMenu: 'company',
  },
  {
    path: '/contact',
    file: 'routes/public/contact.tsx',
    title: 'Contact us',
    menu: 'about',
    menuLabel: 'Contact us',
    sideMenu: 'company',
  },
  {
    path: '/affiliate',
    file: 'routes/public/affiliate.tsx',
    title: 'Affiliate programme',
    menu: 'about',
    menuLabel: 'Affiliate programme',
    sideMenu: 'company',
  },
  {
    path: '/regulation',
    file: 'routes/public/regulation.tsx',
    title: 'Regulation',
    menu: 'about',
    menuLabel: 'Regulation',
    sideMenu: 'company',
  },
  {
    path: '/verification',
    file: 'routes/public/verification.tsx',
    title: 'Account verification documents',
    menu: 'about',
    menuLabel: 'Account verification documents',
    sideMenu: 'company',
  },
  {
    path: '/privacy',
    file: 'routes/public/privacy.tsx',
    title: 'Privacy policy',
    menu: 'about',
    menuLabel: 'Privacy policy',
    sideMenu: 'company',
  },
  {
    path: '/safety',
    file: 'routes/public/safety.tsx',
    title: 'Safety of funds',
    menu: 'about',
    menuLabel: 'Safety of funds',
    sideMenu: 'company',
  },
  {
    path: '/risk',
    file: 'routes/public/risk.tsx',
    title: 'Risk disclosure',
    menu: 'about',
    menuLabel: 'Risk disclosure',
    sideMenu: 'company',
  },
  {
    path: '/terms',
    file: 'routes/public/terms.tsx',
    title: 'Client agreement',
    menu: 'about',
    menuLabel: 'Terms and conditions',
    sideMenu: 'company',
  },
  {
    path: '/information',
    file: 'routes/public/information.tsx',
    title: 'Information security',
    menu: 'about',
    menuLabel: 'Information security',
    sideMenu: 'company',
  },
  {
    path: '/conflict',
    file: 'routes/public/conflict.tsx',
    title: 'Conflict of interest policy',
    menu: 'about',
    menuLabel: 'Conflict of interest',
    sideMenu: 'company',
  },
  // Linked from the footer only; the same disclosure as /risk.
  { path: '/risks', file: 'routes/public/risk.tsx', title: 'Risk disclosure', sideMenu: 'company' },
];

export const MENU_GROUPS: readonly { id: MenuGroup; label: string }[] = [
  { id: 'trade', label: 'Trade' },
  { id: 'education', label: 'Education and analytics' },
  { id: 'about', label: 'About company' },
];

export const SIDE_MENU_TITLES: Record<SideMenu, string> = {
  'trading-tools': 'Trading tools',
  education: 'Education',
  company: 'Company',
};

/** The side menu of the trading-tools pages is the seed's four instrument pages. */
const SIDE_MENU_PATHS: Record<SideMenu, readonly string[]> = {
  'trading-tools': ['/forex', '/futures', '/indexes', '/carriers'],
  education: ['/webinars', '/calendar', '/ebook'],
  company: PUBLIC_PAGES.filter((p) => p.menu === 'about').map((p) => p.path),
};

export function sideMenuLinks(menu: SideMenu): { path: string; label: string }[] {
  return SIDE_MENU_PATHS[menu].map((path) => {
    const page = PUBLIC_PAGES.find((p) => p.path === path);
    return { path, label: page?.menuLabel ?? page?.title ?? path };
  });
}

export function menuLinks(group: MenuGroup): { path: string; label: string }[] {
  return PUBLIC_PAGES.filter((p) => p.menu === group).map((p) => ({
    path: p.path,
    label: p.menuLabel ?? p.title,
  }));
}

/** Every path pre-rendered at build time, in the order the build lists them. */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/userRegister',
  '/userLogin',
  '/passwordReset',
  ...PUBLIC_PAGES.map((p) => p.path),
  '/__not-found',
];
