import { describe, expect, it } from 'vitest';
import {
  buildPagesManifest,
  cspHash,
  extractInlineScripts,
  findUnsafeMarkup,
  inlineScriptHashes,
} from './page-manifest.mjs';

/** SHA-256 through WebCrypto, independent of the node:crypto code under test. */
async function webCryptoHash(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${Buffer.from(digest).toString('base64')}'`;
}

const PAGE = `<!DOCTYPE html><html lang="en"><head>
<script>window.__ctx = {"a":"é"};</script>
<script type="module" src="/assets/entry.js"></script>
</head><body><p>Hello</p>
<script type="module" async="">import "/assets/manifest.js";
window.__modules = {};</script>
<script>window.__ctx = {"a":"é"};</script>
</body></html>`;

describe('inline script hashes', () => {
  it('hashes the exact text of each inline script, as the browser does', async () => {
    const scripts = extractInlineScripts(PAGE);
    expect(scripts).toEqual([
      'window.__ctx = {"a":"é"};',
      'import "/assets/manifest.js";\nwindow.__modules = {};',
      'window.__ctx = {"a":"é"};',
    ]);
    expect(cspHash('window.__ctx = {"a":"é"};')).toBe(
      await webCryptoHash('window.__ctx = {"a":"é"};'),
    );
    expect(inlineScriptHashes(PAGE)).toEqual([
      await webCryptoHash('window.__ctx = {"a":"é"};'),
      await webCryptoHash('import "/assets/manifest.js";\nwindow.__modules = {};'),
    ]);
  });

  it('matches a known SHA-256 test vector', () => {
    // sha256("abc") = ba7816bf…f20015ad
    expect(cspHash('abc')).toBe(
      `'sha256-${Buffer.from('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'hex').toString('base64')}'`,
    );
  });
});

describe('unsafe markup', () => {
  it('finds inline event handlers and javascript: URLs, but not text that mentions them', () => {
    const html = `<body><p>Type onclick= or javascript: here</p>
      <button onclick="go()">Go</button><img src=x onError=alert(1)>
      <a href=" java&#x73;cript:alert(1)">x</a><form action="javascript:throw new Error('x')"></form>
      <script>if (a) el.setAttribute("onclick", "javascript:x")</script></body>`;
    expect(findUnsafeMarkup(html)).toEqual([
      'inline event handler onclick= on <button>',
      'inline event handler onerror= on <img>',
      'javascript: URL in href= on <a>',
      'javascript: URL in action= on <form>',
    ]);
    expect(findUnsafeMarkup('<a href="/userLogin" data-on="x">Login</a>')).toEqual([]);
  });
});

describe('pages.json', () => {
  const page = (body = '') =>
    `<html><head><script>ctx()</script></head><body>${body}</body></html>`;
  const complete = [
    { file: 'index.html', html: page() },
    { file: 'userRegister/index.html', html: page() },
    { file: 'userLogin/index.html', html: page() },
    { file: 'passwordReset/index.html', html: page() },
    { file: '__not-found/index.html', html: page() },
    { file: '__spa-fallback.html', html: page() },
  ];

  it('lists every page with its hashes, the 404 page, the SPA fallback and its prefixes', async () => {
    const manifest = buildPagesManifest(complete);
    const hash = await webCryptoHash('ctx()');
    expect(manifest.pages.map((p) => [p.path, p.file])).toEqual([
      ['/', 'index.html'],
      ['/passwordReset', 'passwordReset/index.html'],
      ['/userLogin', 'userLogin/index.html'],
      ['/userRegister', 'userRegister/index.html'],
    ]);
    expect(manifest.pages[0]?.scriptHashes).toEqual([hash]);
    expect(manifest.notFound).toEqual({ file: '__not-found/index.html', scriptHashes: [hash] });
    expect(manifest.spaFallback).toEqual({ file: '__spa-fallback.html', scriptHashes: [hash] });
    expect(manifest.spaPrefixes).toEqual([
      '/userDashboard',
      '/adminLogin',
      '/adminDashboard',
      '/verifyEmail',
      '/setNewPassword',
      '/staffInvitation',
    ]);
  });

  it('fails when an expected file is missing', () => {
    const withoutLogin = complete.filter(
      (f) => f.file !== 'userLogin/index.html' && f.file !== '__spa-fallback.html',
    );
    expect(() => buildPagesManifest(withoutLogin)).toThrow(
      /missing pre-rendered page \/userLogin[\s\S]*__spa-fallback\.html/,
    );
  });

  it('fails when a page carries an inline event handler', () => {
    const unsafe = complete.map((f) =>
      f.file === 'index.html' ? { ...f, html: page('<a href="#" onclick="x()">x</a>') } : f,
    );
    expect(() => buildPagesManifest(unsafe)).toThrow(/index\.html: inline event handler onclick=/);
  });
});
