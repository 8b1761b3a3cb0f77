import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from 'react-router';
import type { Route } from './+types/root';
import { site } from '../content/site';
import { ZOD_JITLESS_SCRIPT } from '../lib/zod-csp';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = () => [
  { title: site.companyName },
  { name: 'description', content: `${site.companyName} client portal and back office.` },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <script dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shown by the SPA fallback (portal, back office) until the route's guard has run. */
export function HydrateFallback() {
  return (
    <div className="app-loading" role="status">
      <span className="app-loading-spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main-content" className="container error-page">
      <h1>{title}</h1>
      <p>Sorry, this page could not be shown. Please try again in a moment.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  );
}
