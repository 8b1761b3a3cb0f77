import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createWebFixture } from '../test/web-fixture.js';
import type { WebFixture } from '../test/web-fixture.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { WebBuildError, loadWebBuild, pickEncoding } from './web-app.js';

let root: string;
let fixture: WebFixture;
let t: TestApp;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'brokerdesk-web-fixture-'));
  fixture = createWebFixture(root);
  t = await createTestApp({ env: { WEB_DIST_DIR: fixture.webDistDir, NODE_ENV: 'production' } });
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
