import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createWebFixture } from '../test/web-fixture.js';
import type { WebFixture } from '../test/web-fixture.js';
import { WebBuildError, loadWebBuild, pickEncoding } from './web-app.js';

/**
 * Twins as the web postbuild writes them, but with settings the server never uses (a 1 KB
 * brotli window, gzip level 1), so a response can be told apart from one compressed at start.
 */
function writePageTwins(client: string, file: string, html: string | Buffer) {
  const full = join(client, file);
  writeFileSync(
    `${full}.br`,
    brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 10 } }),
  );
  writeFileSync(`${full}.gz`, gzipSync(html, { level: 1 }));
}

let root: string;
let fixture: WebFixture;
let client: string;
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'brokerdesk-web-fixture-'));
  fixture = createWebFixture(root);
  client = join(fixture.webDistDir, 'client');
  // The home page has both twins; the registration page's are left from an older build; the
  // SPA fallback has a brotli twin only; the not-found page has none.
  writePageTwins(client, 'index.html', readFileSync(join(client, 'index.html')));
  writePageTwins(client, 'userRegister/index.html', '<!doctype html><p>Old registration page');
  writeFileSync(
    join(client, '__spa-fallback.html.br'),
    brotliCompressSync(readFileSync(join(client, '__spa-fallback.html'))),
  );
  t = await createTestApp({
    env: {
      WEB_DIST_DIR: fixture.webDistDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The tests' manual price source is refused in production; these pages need no prices.
      MARKET_DATA_PROVIDER: 'simulated',
    },
    logStream: { write: (line) => logLines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function scriptSrc(csp: string | undefined): string[] {
  const directive = csp
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  return directive?.split(' ').slice(1) ?? [];
}

describe('serving the web build', () => {
  it.each([
    ['/', 'Home page', 'home'],
    ['/userRegister', 'Create an Account', 'register'],
    ['/userRegister/', 'Create an Account', 'register'],
    ['/userRegister?ref=ABC', 'Create an Account', 'register'],
  ] as const)(
    'serves the pre-rendered page %s with its own script hashes',
    async (url, text, key) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(text);
      expect(scriptSrc(response.headers['content-security-policy'] as string)).toEqual([
        "'self'",
        fixture.hashes[key],
      ]);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it('answers HEAD for a page without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it.each([
    '/userDashboard',
    '/userDashboard/',
    '/userDashboard/packages',
    '/adminLogin',
    '/adminDashboard/transaction',
  ])('serves the SPA fallback for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Portal shell');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(scriptSrc(response.headers['content-security-policy'] as string)).toEqual([
      "'self'",
      fixture.hashes.spa,
    ]);
  });

  it.each([
    '/no-such-page',
    '/userDashboardX',
    '/userRegister/extra',
    '/index.html',
    '/__spa-fallback.html',
    '/index.html.br',
    '/index.html.gz',
  ])('answers %s with the not-found page and 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expect(scriptSrc(response.headers['content-security-policy'] as string)).toEqual([
      "'self'",
      fixture.hashes.notFound,
    ]);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/entry-Ab12Cd.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("entry");');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files with a short cache', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/robots.txt')).statusCode).toBe(200);
  });

  it('answers a missing asset with 404', async () => {
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it.each([
    '/pages.json',
    '/../pages.json',
    '/%2e%2e/pages.json',
    '/assets/..%2f..%2fpages.json',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%252e%252e/secret.txt',
    '/assets/..%5c..%5csecret.txt',
  ])('never serves anything outside client/ (%s)', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('outside client/');
    expect(response.body).not.toContain('spaPrefixes');
  });

  it('serves a robots.txt that closes the portal, back office and API and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /userDashboard');
    expect(lines).toContain('Disallow: /adminDashboard');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });

  it('lists every pre-rendered public page in sitemap.xml with absolute URLs', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${t.config.publicUrl}/`, `${t.config.publicUrl}/userRegister`]);
  });

  it('sends pages compressed with brotli or gzip as the browser accepts', async () => {
    const asBrowser = await t.app.inject({
      method: 'GET',
      url: '/userRegister',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asBrowser.headers['content-encoding']).toBe('br');
    expect(asBrowser.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(asBrowser.rawPayload).toString()).toContain('Create an Account');

    const gzipOnly = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.statusCode).toBe(404);
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toContain('Page not found');

    const plain = await get('/userRegister');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Create an Account');
  });

  it.each([
    ['/', 'index.html', 200],
    ['/userRegister', 'userRegister/index.html', 200],
    ['/userDashboard/packages', '__spa-fallback.html', 200],
    ['/no-such-page', '__not-found/index.html', 404],
  ] as const)(
    'sends %s compressed as exactly the page in the build, with brotli or gzip',
    async (url, file, status) => {
      const page = readFileSync(join(client, file));
      for (const [encoding, decompress] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.statusCode).toBe(status);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(decompress(response.rawPayload).equals(page)).toBe(true);
      }
    },
  );

  it("sends a page's pre-compressed twins from the build when they decompress to the page", async () => {
    for (const [encoding, twin] of [
      ['br', 'index.html.br'],
      ['gzip', 'index.html.gz'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.rawPayload.equals(readFileSync(join(client, twin)))).toBe(true);
    }
  });

  it('compresses at start the pages whose twins are stale or missing, and says so once', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/userRegister',
      headers: { 'accept-encoding': 'br' },
    });
    expect(
      response.rawPayload.equals(readFileSync(join(client, 'userRegister/index.html.br'))),
    ).toBe(false);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Create an Account');

    const build = loadWebBuild(t.config);
    expect(build?.compressedAtStart.sort()).toEqual([
      '__not-found/index.html',
      '__spa-fallback.html',
      'userRegister/index.html',
    ]);
    const warnings = logLines.filter((line) => line.includes('pre-compressed'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('3 page(s)');
  });

  it('sends the pre-compressed twin of an asset, and never a twin by its own name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/entry-Ab12Cd.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("entry");');
    expect((await get('/assets/entry-Ab12Cd.js.br')).statusCode).toBe(404);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
  ] as const)('picks the encoding for Accept-Encoding %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('keeps unknown /api paths as JSON 404', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('still serves the API next to the site', async () => {
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/api/docs/json')).statusCode).toBe(200);
  });
});

describe('loadWebBuild', () => {
  it('returns null when there is no build (dev mode serves the API only)', () => {
    expect(loadWebBuild(loadConfig({ WEB_DIST_DIR: join(root, 'absent') }))).toBeNull();
  });

  it('refuses a build whose pages.json is broken or points outside client/', () => {
    const broken = createWebFixture(join(root, 'broken'));
    writeFileSync(join(broken.webDistDir, 'pages.json'), '{"pages": "nope"}');
    expect(() => loadWebBuild(loadConfig({ WEB_DIST_DIR: broken.webDistDir }))).toThrow(
      WebBuildError,
    );

    const escaping = createWebFixture(join(root, 'escaping'));
    writeFileSync(
      join(escaping.webDistDir, 'pages.json'),
      JSON.stringify({
        pages: [{ path: '/', file: '../secret.txt', scriptHashes: [] }],
        notFound: { file: '__not-found/index.html', scriptHashes: [] },
        spaFallback: { file: '__spa-fallback.html', scriptHashes: [] },
        spaPrefixes: [],
      }),
    );
    expect(() => loadWebBuild(loadConfig({ WEB_DIST_DIR: escaping.webDistDir }))).toThrow(
      /outside client/,
    );
  });
});
