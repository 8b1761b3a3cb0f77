// Serves the built web app on the API's port (docs/product.md §8): pre-rendered pages with their own
// CSP script hashes, the SPA fallback for the portal and admin, hashed assets cached forever,
// and the not-found page with a real 404. Enabled when WEB_DIST_DIR/client exists.
//
// Only files found under client/ when the server starts can be served (an allow-list), so no
// request path can reach pages.json or anything outside client/.
//
// Pages are sent compressed from memory. The web postbuild writes each page's brotli (quality 11)
// and gzip twins once per build; the server uses a twin only after checking that it decompresses
// to exactly the page, and compresses a page itself (at a cheaper brotli level) only when its
// twins are missing or stale (docs/decisions/081).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import { CSP_DIRECTIVES, serializeCsp } from './security.js';

const ScriptHashSchema = z
  .string()
  .regex(/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/, 'must be a quoted CSP hash');
const PageFileSchema = z.object({
  file: z.string().min(1),
  scriptHashes: z.array(ScriptHashSchema),
});

export const PagesManifestSchema = z.object({
  pages: z.array(PageFileSchema.extend({ path: z.string().startsWith('/') })),
  notFound: PageFileSchema,
  spaFallback: PageFileSchema,
  spaPrefixes: z.array(z.string().startsWith('/')),
});
export type PagesManifest = z.infer<typeof PagesManifestSchema>;

interface LoadedPage {
  html: Buffer;
  /** The same HTML compressed (the build's twins, or compressed at start), for clients that accept it. */
  brotli: Buffer;
  gzip: Buffer;
  csp: string;
}

export interface WebBuild {
  clientDir: string;
  pages: Map<string, LoadedPage>;
  notFound: LoadedPage;
  spaFallback: LoadedPage;
  spaPrefixes: string[];
  /** Servable non-HTML files, as paths relative to client/ with forward slashes. */
  staticFiles: Set<string>;
  /** Pages (files under client/) without matching .br/.gz twins, compressed at start instead. */
  compressedAtStart: string[];
}

export class WebBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebBuildError';
  }
}

const IMMUTABLE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
const SHORT_MAX_AGE_MS = 60 * 60 * 1000;
/**
 * Brotli quality for a page compressed at start: about 1 ms per page and ~15% larger than the
 * build's quality 11, which takes ~25 ms per page (~0.8 s for the whole site on every start).
 */
const START_BROTLI_QUALITY = 5;

/**
 * The pre-compressed twin at `path` if it decompresses to exactly `html`; null when it is
 * missing, corrupt or stale (left from another build). Decompressing is cheap (~0.1 ms a page),
 * and the check means a twin can never serve anything but its page.
 */
function matchingTwin(
  path: string,
  html: Buffer,
  decompress: (twin: Buffer, options: { maxOutputLength: number }) => Buffer,
): Buffer | null {
  try {
    const twin = readFileSync(path);
    // One byte over the page's size is enough to tell "longer than the page" (RangeError).
    return decompress(twin, { maxOutputLength: html.length + 1 }).equals(html) ? twin : null;
  } catch {
    return null;
  }
}

function normalizePagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function listFiles(dir: string, root: string, out: Set<string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    // Symbolic links are not followed: they could point outside client/.
    if (entry.isDirectory()) listFiles(full, root, out);
    // Pre-compressed twins (.br, .gz) are sent in place of their original, never by name.
    else if (entry.isFile() && !/\.(html|br|gz)$/.test(entry.name))
      out.add(relative(root, full).split(sep).join('/'));
  }
}

/** Reads pages.json and the pages once; null when there is no build (dev mode, API only). */
export function loadWebBuild(config: Config): WebBuild | null {
  const clientDir = resolve(config.webDistDir, 'client');
  if (!existsSync(clientDir)) return null;

  const manifestPath = join(config.webDistDir, 'pages.json');
  let manifest: PagesManifest;
  try {
    manifest = PagesManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  } catch (error) {
    const reason = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    throw new WebBuildError(
      `The web build in ${config.webDistDir} has no valid pages.json (${reason}); rebuild it with npm run build`,
    );
  }

  const compressedAtStart: string[] = [];
  const loadPage = ({
    file,
    scriptHashes,
  }: {
    file: string;
    scriptHashes: string[];
  }): LoadedPage => {
    const full = resolve(clientDir, file);
    if (!full.startsWith(clientDir + sep))
      throw new WebBuildError(`pages.json names a file outside client/: ${file}`);
    let html: Buffer;
    try {
      html = readFileSync(full);
    } catch {
      throw new WebBuildError(
        `pages.json names ${file}, which is missing from ${clientDir}; rebuild the web app`,
      );
    }
    const brotli = matchingTwin(`${full}.br`, html, brotliDecompressSync);
    const gzip = matchingTwin(`${full}.gz`, html, gunzipSync);
    if (!brotli || !gzip) compressedAtStart.push(file);
    return {
      html,
      brotli:
        brotli ??
        brotliCompressSync(html, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: START_BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
          },
        }),
      gzip: gzip ?? gzipSync(html, { level: 9 }),
      csp: serializeCsp(config, CSP_DIRECTIVES, scriptHashes),
    };
  };

  const pages = new Map<string, LoadedPage>();
  for (const page of manifest.pages) pages.set(normalizePagePath(page.path), loadPage(page));
  const staticFiles = new Set<string>();
  listFiles(clientDir, clientDir, staticFiles);

  return {
    clientDir,
    pages,
    notFound: loadPage(manifest.notFound),
    spaFallback: loadPage(manifest.spaFallback),
    spaPrefixes: manifest.spaPrefixes.map(normalizePagePath),
    staticFiles,
    compressedAtStart,
  };
}

/** The encoding to answer with: brotli, then gzip, else none (q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';', 1)[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: LoadedPage, status = 200) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
    .header('content-security-policy', page.csp);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

// Pages that exist for people already on the site, or duplicate another page: not worth a
// search engine's visit. (/risks shows the same disclosure as /risk.)
const NOT_IN_SITEMAP = new Set(['/userLogin', '/passwordReset', '/risks']);

/** robots.txt: public pages open to crawlers; the portal, back office and API are not. */
export function robotsTxt(build: WebBuild, publicUrl: string): string {
  const closed = [...build.spaPrefixes, '/api/'].map((prefix) => `Disallow: ${prefix}`);
  return [
    'User-agent: *',
    ...closed,
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl)}`,
    '',
  ].join('\n');
}

/** sitemap.xml: every pre-rendered public page, as absolute URLs under PUBLIC_URL. */
export function sitemapXml(build: WebBuild, publicUrl: string): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = [...build.pages.keys()]
    .filter((path) => !NOT_IN_SITEMAP.has(path))
    .sort()
    .map((path) => `  <url><loc>${escape(new URL(path, publicUrl).href)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export async function webAppPlugin(
  app: FastifyInstance,
  { build, publicUrl }: { build: WebBuild; publicUrl: string },
) {
  if (build.compressedAtStart.length > 0) {
    app.log.warn(
      `${build.compressedAtStart.length} page(s) had no matching pre-compressed .br/.gz twins ` +
        `(e.g. ${build.compressedAtStart[0]}), so they were compressed at start at a lower ` +
        'brotli quality; npm run build writes the twins',
    );
  }

  // Only for reply.sendFile (content types, ETag, ranges); routing is ours.
  await app.register(fastifyStatic, { root: build.clientDir, serve: false, preCompressed: true });

  // Both are built once: they change only with the build or PUBLIC_URL, i.e. on restart.
  const robots = robotsTxt(build, publicUrl);
  const sitemap = sitemapXml(build, publicUrl);
  const hourly = 'public, max-age=3600';
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', hourly).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', hourly).send(sitemap),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = request.url.split('?', 1)[0] ?? '/';
    if (rawPath === '/api' || rawPath.startsWith('/api/')) return reply.callNotFound();

    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return sendPage(request, reply, build.notFound, 404);
    }

    const pagePath = normalizePagePath(path);
    const page = build.pages.get(pagePath);
    if (page) return sendPage(request, reply, page);
    if (
      build.spaPrefixes.some((prefix) => pagePath === prefix || pagePath.startsWith(`${prefix}/`))
    ) {
      return sendPage(request, reply, build.spaFallback);
    }

    const file = path.replace(/^\/+/, '');
    if (build.staticFiles.has(file)) {
      const immutable = file.startsWith('assets/');
      // send() decodes the path itself, so it gets the raw (still encoded) one.
      return reply.sendFile(rawPath.replace(/^\/+/, ''), {
        maxAge: immutable ? IMMUTABLE_MAX_AGE_MS : SHORT_MAX_AGE_MS,
        immutable,
      });
    }
    return sendPage(request, reply, build.notFound, 404);
  };

  app.get('/', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true } }, handler);
}
