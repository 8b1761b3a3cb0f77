// A miniature web build (the shape apps/web produces) for the serving tests.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';

function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function page(title: string, script: string): string {
  return `<!doctype html><html><head><title>${title}</title><script>${script}</script></head><body>${title}</body></html>`;
}

export interface WebFixture {
  webDistDir: string;
  hashes: Record<'home' | 'register' | 'notFound' | 'spa', string>;
}

export function createWebFixture(root: string): WebFixture {
  const webDistDir = join(root, 'web-build');
  const client = join(webDistDir, 'client');
  const scripts = {
    home: 'window.__home = 1;',
    register: 'window.__register = 1;',
    notFound: 'window.__notFound = 1;',
    spa: 'window.__spa = 1;',
  };
  const files: Record<string, string> = {
    'index.html': page('Home page', scripts.home),
    'userRegister/index.html': page('Create an Account', scripts.register),
    '__not-found/index.html': page('Page not found', scripts.notFound),
    '__spa-fallback.html': page('Portal shell', scripts.spa),
    'assets/entry-Ab12Cd.js': 'console.log("entry");',
    'assets/style-Ef34Gh.css': 'body{margin:0}',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(client, path)), { recursive: true });
    writeFileSync(join(client, path), content);
  }
  const hashes = {
    home: scriptHash(scripts.home),
    register: scriptHash(scripts.register),
    notFound: scriptHash(scripts.notFound),
    spa: scriptHash(scripts.spa),
  };
  writeFileSync(
    join(webDistDir, 'pages.json'),
    JSON.stringify({
      pages: [
        { path: '/', file: 'index.html', scriptHashes: [hashes.home] },
        { path: '/userRegister', file: 'userRegister/index.html', scriptHashes: [hashes.register] },
      ],
      notFound: { file: '__not-found/index.html', scriptHashes: [hashes.notFound] },
      spaFallback: { file: '__spa-fallback.html', scriptHashes: [hashes.spa] },
      spaPrefixes: [
        '/userDashboard',
        '/adminLogin',
        '/adminDashboard',
        '/verifyEmail',
        '/setNewPassword',
        '/staffInvitation',
      ],
    }),
  );
  // The web postbuild writes compressed twins of assets; the server must prefer them.
  const entry = join(client, 'assets/entry-Ab12Cd.js');
  writeFileSync(`${entry}.br`, brotliCompressSync(files['assets/entry-Ab12Cd.js'] ?? ''));
  writeFileSync(`${entry}.gz`, gzipSync(files['assets/entry-Ab12Cd.js'] ?? ''));
  writeFileSync(join(webDistDir, 'secret.txt'), 'outside client/');
  return { webDistDir, hashes };
}
