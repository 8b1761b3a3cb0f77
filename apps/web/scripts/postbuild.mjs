// After `react-router build`: hash every inline <script> of every built HTML file and write
// build/pages.json, which the API server reads to serve each page with its own CSP
// (script-src without 'unsafe-inline'). Fails the build on a missing page or unsafe markup.
// Then writes brotli and gzip twins of the assets and pages.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildPagesManifest } from './page-manifest.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(webRoot, 'build', 'client');
const manifestPath = path.join(webRoot, 'build', 'pages.json');

/** @param {string} dir @returns {Promise<string[]>} */
async function findHtmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) =>
      path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9) beside `file` unless it is
 * smaller than `minBytes`. Returns whether it did.
 * @param {string} file
 * @param {number} minBytes
 * @returns {Promise<boolean>}
 */
async function writeTwins(file, minBytes) {
  const content = await readFile(file);
  if (content.length < minBytes) return false;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}

/**
 * Writes `.br` and `.gz` beside every compressible asset of at least 1 KB, and beside every
 * HTML page whatever its size (the server sends every page compressed), at the highest levels,
 * once per build. The server sends an asset's twin as it is, and takes a page's twins after
 * checking that they decompress to the page, so with a fresh build it compresses nothing, on a
 * request or at start (docs/decisions/081).
 * @param {string[]} htmlFiles paths relative to client/
 */
async function precompress(htmlFiles) {
  const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
  const assets = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const pages = htmlFiles.map((file) => path.join(clientDir, file));
  const [assetsDone] = await Promise.all([
    Promise.all(assets.map((file) => writeTwins(file, MIN_COMPRESS_BYTES))),
    Promise.all(pages.map((file) => writeTwins(file, 0))),
  ]);
  return { assets: assetsDone.filter(Boolean).length, pages: pages.length };
}

async function main() {
  const htmlFiles = await findHtmlFiles(clientDir).catch((error) => {
    throw new Error(
      `no build output in ${clientDir}: ${error instanceof Error ? error.message : error}`,
    );
  });
  const files = await Promise.all(
    htmlFiles.map(async (file) => ({
      file,
      html: await readFile(path.join(clientDir, file), 'utf8'),
    })),
  );
  const manifest = buildPagesManifest(files);
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [...manifest.pages, manifest.notFound, manifest.spaFallback];
  console.log(
    `postbuild: ${path.relative(process.cwd(), manifestPath)} — ${entries.length} HTML files`,
  );
  for (const entry of entries) {
    console.log(`  ${entry.file.padEnd(28)} ${entry.scriptHashes.length} inline script hash(es)`);
  }
  const compressed = await precompress(htmlFiles);
  console.log(
    `postbuild: pre-compressed ${compressed.assets} assets and ${compressed.pages} pages (.br, .gz)`,
  );
}

main().catch((error) => {
  console.error(`postbuild failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
