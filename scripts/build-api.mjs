// The API compiled to one JavaScript file for production starts (docs/decisions/081).
//
// `node scripts/build-api.mjs` (part of `npm run build`) bundles apps/api/src/server.ts and the
// shared package's sources with esbuild, the transpiler tsx uses, into apps/api/build/server.mjs;
// packages under node_modules stay outside the bundle. build/api-build.json records a hash of
// every source file that went in. `scripts/serve.mjs` runs the bundle only when
// `freshApiBundle()` finds those sources unchanged, and the TypeScript sources through tsx
// otherwise, so an edit after a build can never run old code.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'apps/api/src/server.ts');
const OUT_DIR = join(ROOT, 'apps/api/build');
export const API_BUNDLE = join(OUT_DIR, 'server.mjs');
const MANIFEST = join(OUT_DIR, 'api-build.json');

/** Inputs that shape the output without being bundled: this recipe and the TypeScript settings. */
const RECIPE = [
  'scripts/build-api.mjs',
  'tsconfig.base.json',
  'apps/api/tsconfig.json',
  'apps/api/package.json',
  'packages/shared/package.json',
];

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** One hash over paths (relative to the root) and contents, in the order given. */
function hashSources(files, read = (file) => readFileSync(join(ROOT, file))) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(read(file)).update('\0');
  return hash.digest('hex');
}

const LOADERS = { '.ts': 'ts', '.js': 'js', '.mjs': 'js', '.json': 'json' };

/**
 * The bundle's path when it was built from exactly the sources now on disk and is intact; null
 * when there is no build, or a file that went into it changed or went away (an edit that adds
 * an import changes a file that went in).
 */
export function freshApiBundle() {
  try {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    if (hashSources(manifest.sources) !== manifest.sourcesHash) return null;
    if (sha256(readFileSync(API_BUNDLE)) !== manifest.bundleHash) return null;
    return API_BUNDLE;
  } catch {
    return null;
  }
}

/**
 * `import.meta.url` of the source file, as seen from the bundle: config.ts and db/client.ts find
 * apps/web/build and the migrations relative to themselves.
 */
function importMetaUrlOf(file) {
  const fromBundle = relative(OUT_DIR, file).split(sep).join('/');
  return `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
}

/** Writes `content` to `path` in one step, so a concurrent reader sees the old file or the new. */
function writeAtomically(path, content) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

export async function buildApiBundle() {
  const { build } = await import('esbuild');
  // What went in, as read: a source edited during the build then counts as changed.
  const read = new Map(RECIPE.map((file) => [file, readFileSync(join(ROOT, file))]));
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the TypeScript files (serve.mjs turns source maps on); the map points
    // at the sources on disk instead of carrying a copy of them.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'brokerdesk-api',
        setup(builder) {
          // Installed packages are loaded by Node from node_modules, as under tsx; only our
          // own workspace packages (TypeScript sources) are compiled in.
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@brokerdesk/') ? undefined : { path: args.path, external: true },
          );
          builder.onLoad({ filter: /.*/ }, (args) => {
            const loader = LOADERS[extname(args.path)];
            if (!loader) throw new Error(`no loader for ${args.path}`);
            const content = readFileSync(args.path);
            const file = relative(ROOT, args.path).split(sep).join('/');
            read.set(file, content);
            const source = content.toString('utf8');
            // In one bundle these would name the bundle, not the source file; only `url` is
            // rewritten, so the others must not appear unnoticed.
            const other = /import\.meta\.(dirname|filename|resolve)\b/.exec(source);
            if (other) throw new Error(`${file}: use import.meta.url instead of ${other[0]}`);
            return {
              contents: source.replaceAll('import.meta.url', importMetaUrlOf(args.path)),
              loader,
            };
          });
        },
      },
    ],
  });

  const unseen = Object.keys(result.metafile.inputs).filter((input) => !read.has(input));
  if (unseen.length > 0) throw new Error(`inputs not hashed: ${unseen.join(', ')}`);
  const sources = [...read.keys()].sort();
  const bundle = result.outputFiles.find((file) => file.path === API_BUNDLE);
  const map = result.outputFiles.find((file) => file.path === `${API_BUNDLE}.map`);
  if (!bundle || !map) throw new Error('esbuild wrote no bundle');

  mkdirSync(OUT_DIR, { recursive: true });
  writeAtomically(map.path, map.contents);
  writeAtomically(bundle.path, bundle.contents);
  writeAtomically(
    MANIFEST,
    `${JSON.stringify(
      {
        sourcesHash: hashSources(sources, (file) => read.get(file)),
        bundleHash: sha256(bundle.contents),
        sources,
      },
      null,
      2,
    )}\n`,
  );
  return { sources: sources.length, bytes: bundle.contents.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { sources, bytes } = await buildApiBundle();
    console.log(
      `build-api: ${relative(ROOT, API_BUNDLE)} — ${sources} source files, ${Math.round(bytes / 1024)} KB`,
    );
  } catch (error) {
    console.error(`build-api failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
