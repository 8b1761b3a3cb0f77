// Initial JavaScript of the public pages: every script a page loads before anyone interacts
// with it — its script tags, module preloads, the entry's import() in inline scripts, and every
// static import reachable from those — gzip-compressed file by file, as a browser receives them.
// Prints one JSON line per page. Budget (issue 3): '/' at most 125 KB gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_BUILD } from '../scripts/lib.mjs';
import { ensureBuild } from './lib.mjs';

const CLIENT = join(WEB_BUILD, 'client');
const BUDGET_BYTES = 125 * 1024;
const PAGES = [
  ['/', 'index.html'],
  ['/forex', 'forex/index.html'],
  ['/terms', 'terms/index.html'],
  ['/userRegister', 'userRegister/index.html'],
];

/** Asset paths a page's HTML asks for before interaction. */
function htmlScripts(html) {
  const found = new Set();
  const patterns = [
    /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g,
    /import\(\s*"(\/assets\/[^"]+\.js)"\s*\)/g,
    /import\s+"(\/assets\/[^"]+\.js)"/g,
  ];
  for (const pattern of patterns) for (const m of html.matchAll(pattern)) found.add(m[1]);
  return found;
}

/** Static imports of one chunk (`import … from "./x.js"`, `import "./x.js"`), as /assets paths. */
function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)"(\.\/[^"]+\.js)"/g)) {
    found.add(`/assets/${m[1].slice(2)}`);
  }
  return found;
}

export function initialScripts(html) {
  const seen = new Set();
  const queue = [...htmlScripts(html)];
  while (queue.length > 0) {
    const path = queue.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    for (const next of staticImports(readFileSync(join(CLIENT, path), 'utf8'))) queue.push(next);
  }
  return [...seen];
}

await ensureBuild();
let overBudget = false;
for (const [page, file] of PAGES) {
  const html = readFileSync(join(CLIENT, file), 'utf8');
  const scripts = initialScripts(html);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const path of scripts) {
    const code = readFileSync(join(CLIENT, path));
    rawBytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
  }
  const result = {
    bench: 'web-initial-js',
    page,
    files: scripts.length,
    rawBytes,
    gzipBytes,
    gzipKB: Math.round((gzipBytes / 1024) * 10) / 10,
    htmlGzipBytes: gzipSync(html, { level: 9 }).length,
  };
  if (page === '/') {
    result.budgetKB = BUDGET_BYTES / 1024;
    result.withinBudget = gzipBytes <= BUDGET_BYTES;
    overBudget = !result.withinBudget;
  }
  console.log(JSON.stringify(result));
}
if (overBudget) process.exitCode = 1;
