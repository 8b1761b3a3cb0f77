// @vitest-environment node
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import About from './about';
import Privacy from './privacy';
import Regulation from './regulation';
import Risk from './risk';
import Safety from './safety';
import Terms from './terms';
import Verification from './verification';
import Webinars from './webinars';

// The build pre-renders these pages without a browser (docs/product.md §8): they must render on the
// server, with no window, storage or clock, and carry their content in the HTML.
const PAGES: [string, ComponentType, string][] = [
  ['/about', About, 'not a regulated broker'],
  ['/regulation', Regulation, 'not a regulated broker'],
  ['/safety', Safety, 'not a regulated broker'],
  ['/privacy', Privacy, 'What we store'],
  ['/verification', Verification, 'dated within the last 3 months'],
  ['/risk', Risk, 'of retail investor accounts lose money'],
  ['/risks', Risk, 'of retail investor accounts lose money'],
  ['/terms', Terms, 'id="clause-23"'],
  ['/webinars', Webinars, 'free for registered clients'],
];

describe('server rendering of the company and legal pages', () => {
  // Render with no `window` at all, as the build does, then put the test window back.
  const scope = globalThis as { window?: unknown };
  const testWindow = scope.window;
  beforeEach(() => {
    delete scope.window;
  });
  afterEach(() => {
    scope.window = testWindow;
  });

  it.each(PAGES)('%s renders to HTML without a browser', (path, Page, expected) => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <StaticRouter location={path}>
        <Page />
      </StaticRouter>,
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(expected);
  });
});
