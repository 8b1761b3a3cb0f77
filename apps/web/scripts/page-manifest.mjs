// Pure helpers for postbuild.mjs: find inline scripts, hash them for the CSP, reject unsafe
// markup, and describe every built HTML file for the API server (build/pages.json).
import { createHash } from 'node:crypto';

/** Client routes served by the SPA fallback (docs/product.md §8); everything else unknown is a 404. */
export const SPA_PREFIXES = Object.freeze([
  '/userDashboard',
  '/adminLogin',
  '/adminDashboard',
  '/verifyEmail',
  '/setNewPassword',
  '/staffInvitation',
]);

export const NOT_FOUND_FILE = '__not-found/index.html';
export const SPA_FALLBACK_FILE = '__spa-fallback.html';

/** Pre-rendered pages the build must produce (more may exist; each is listed). */
export const REQUIRED_PAGE_PATHS = Object.freeze([
  '/',
  '/userRegister',
  '/userLogin',
  '/passwordReset',
]);

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

/**
 * The exact text of every inline `<script>` (one without a src attribute), in document order.
 * Script content is raw text in HTML: no entity decoding, so this is what the browser hashes.
 * @param {string} html
 * @returns {string[]}
 */
export function extractInlineScripts(html) {
  /** @type {string[]} */
  const scripts = [];
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    if (HAS_SRC.test(attributes)) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/**
 * A CSP source for one script: `'sha256-<base64>'` of its UTF-8 text.
 * @param {string} scriptText
 * @returns {string}
 */
export function cspHash(scriptText) {
  const digest = createHash('sha256').update(scriptText, 'utf8').digest('base64');
  return `'sha256-${digest}'`;
}

/**
 * Hashes of all inline scripts of a page, without duplicates, in document order.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  return [...new Set(extractInlineScripts(html).map(cspHash))];
}

const START_TAG =
  /<([a-zA-Z][^\s/>]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** @param {string} value */
function decodeEntities(value) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/gi, '&');
}

/**
 * Markup the CSP would block or that defeats it: inline event-handler attributes (onclick=…)
 * and `javascript:` URLs in any attribute. Script and style contents and comments are skipped.
 * @param {string} html
 * @returns {string[]} one description per problem
 */
export function findUnsafeMarkup(html) {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<script\b[^>]*>)[\s\S]*?(<\/script\s*>)/gi, '$1$2')
    .replace(/(<style\b[^>]*>)[\s\S]*?(<\/style\s*>)/gi, '$1$2');
  /** @type {string[]} */
  const problems = [];
  for (const tag of markup.matchAll(START_TAG)) {
    const tagName = (tag[1] ?? '').toLowerCase();
    for (const attribute of (tag[2] ?? '').matchAll(ATTRIBUTE)) {
      const name = (attribute[1] ?? '').toLowerCase();
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      if (/^on[a-z]+$/.test(name)) {
        problems.push(`inline event handler ${name}= on <${tagName}>`);
      }
      // Browsers ignore ASCII whitespace and control characters inside a URL scheme.
      const url = [...decodeEntities(value)].filter((c) => c.charCodeAt(0) > 0x20).join('');
      if (/^javascript:/i.test(url)) {
        problems.push(`javascript: URL in ${name}= on <${tagName}>`);
      }
    }
  }
  return problems;
}

/**
 * What a built HTML file is, from its path relative to build/client (forward slashes).
 * @param {string} file
 * @returns {{ kind: 'page', path: string } | { kind: 'notFound' } | { kind: 'spaFallback' } | null}
 */
export function classifyHtmlFile(file) {
  if (file === SPA_FALLBACK_FILE) return { kind: 'spaFallback' };
  if (file === NOT_FOUND_FILE) return { kind: 'notFound' };
  if (file === 'index.html') return { kind: 'page', path: '/' };
  const match = /^(.+)\/index\.html$/.exec(file);
  if (match && !match[1]?.startsWith('__')) return { kind: 'page', path: `/${match[1]}` };
  return null;
}

/**
 * @typedef {{ file: string, scriptHashes: string[] }} HtmlEntry
 * @typedef {{ path: string } & HtmlEntry} PageEntry
 * @typedef {{ pages: PageEntry[], notFound: HtmlEntry, spaFallback: HtmlEntry, spaPrefixes: string[] }} PagesManifest
 */

/**
 * Builds pages.json from the built HTML files, or throws with every problem found.
 * @param {{ file: string, html: string }[]} files paths relative to build/client
 * @returns {PagesManifest}
 */
export function buildPagesManifest(files) {
  /** @type {string[]} */
  const problems = [];
  /** @type {PageEntry[]} */
  const pages = [];
  /** @type {HtmlEntry | undefined} */
  let notFound;
  /** @type {HtmlEntry | undefined} */
  let spaFallback;

  for (const { file, html } of files) {
    for (const problem of findUnsafeMarkup(html)) problems.push(`${file}: ${problem}`);
    const entry = { file, scriptHashes: inlineScriptHashes(html) };
    const kind = classifyHtmlFile(file);
    if (kind === null) problems.push(`${file}: unexpected HTML file (not a pre-rendered route)`);
    else if (kind.kind === 'notFound') notFound = entry;
    else if (kind.kind === 'spaFallback') spaFallback = entry;
    else pages.push({ path: kind.path, ...entry });
  }

  for (const path of REQUIRED_PAGE_PATHS) {
    if (!pages.some((page) => page.path === path))
      problems.push(`missing pre-rendered page ${path}`);
  }
  if (!notFound) problems.push(`missing ${NOT_FOUND_FILE} (the 404 page)`);
  if (!spaFallback) problems.push(`missing ${SPA_FALLBACK_FILE} (the SPA fallback)`);
  for (const page of pages) {
    if (SPA_PREFIXES.some((prefix) => page.path === prefix || page.path.startsWith(`${prefix}/`))) {
      problems.push(`${page.file}: pre-rendered page inside an SPA-only prefix`);
    }
  }

  if (problems.length > 0 || !notFound || !spaFallback) {
    throw new Error(`pages.json cannot be written:\n  - ${problems.join('\n  - ')}`);
  }

  pages.sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path)));
  return { pages, notFound, spaFallback, spaPrefixes: [...SPA_PREFIXES] };
}
