// The API compiled to one JavaScript file for production starts (docs/decisions/081).
//
// `node scripts/build-api.mjs` (part of `npm run build`) bundles apps/api/src/server.ts, the
// shared package's sources and the installed packages they use with esbuild (the transpiler tsx
// uses) into apps/api/build/server.mjs. A few packages stay in node_modules (EXTERNAL). Loading
// one file instead of ~1,000 is most of what the bundle saves at start.
//
// build/api-build.json records a hash of every source file that went in and of the
// package.json of every package that went in. `scripts/serve.mjs` runs the bundle only when
// `freshApiBundle()` finds all of them unchanged, and the TypeScript sources through tsx
// otherwise, so an edit or an `npm install` after a build can never run old code.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'apps/api/src/server.ts');
const OUT_DIR = join(ROOT, 'apps/api/build');
export const API_BUNDLE = join(OUT_DIR, 'server.mjs');
const MANIFEST = join(OUT_DIR, 'api-build.json');

/**
 * Packages loaded from node_modules as they are. The build fails, naming the package, when a
 * bundled one finds files relative to itself (`__dirname`, `require.resolve`, `import.meta`),
 * which would then name the bundle's folder instead.
 */
const EXTERNAL = [
  '@electric-sql/pglite', // its WASM and data files
  '@fastify/swagger', // reads its package.json
  '@fastify/swagger-ui', // serves its static files
  '@node-rs/argon2', // native addon
  'ioredis', // __dirname in error stacks
  'pg-native', // native addon, optional (pg asks for it only on request)
  'pino', // transports start workers from files beside it
];

/** Inputs that shape the output without being bundled: this recipe and the TypeScript settings. */
const RECIPE = [
  'scripts/build-api.mjs',
  'tsconfig.base.json',
  'apps/api/tsconfig.json',
  'apps/api/package.json',
  'packages/shared/package.json',
];

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const slashes = (path) => path.split(sep).join('/');

/** One hash over paths (relative to the root) and contents, in the order given. */
function hashSources(files, read = (file) => readFileSync(join(ROOT, file))) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(read(file)).update('\0');
  return hash.digest('hex');
}

const LOADERS = { '.ts': 'ts', '.js': 'js', '.cjs': 'js', '.mjs': 'js', '.json': 'json' };

/** `…/node_modules/@scope/name/lib/x.js` → `…/node_modules/@scope/name/package.json`. */
function packageJsonOf(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  const length = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return [...parts.slice(0, at + length), 'package.json'].join(sep);
}

/**
 * The bundle's path when it was built from exactly the files now on disk and is intact; null
 * when there is no build, or a source or an installed package that went into it changed or went
 * away (an edit that adds an import changes a file that went in).
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
  return `new URL(${JSON.stringify(slashes(relative(OUT_DIR, file)))}, import.meta.url).href`;
}

/** Writes `content` to `path` in one step, so a concurrent reader sees the old file or the new. */
function writeAtomically(path, content) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

export async function buildApiBundle() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true }); // packages are looked up from there
  // What went in, as read: a file edited during the build then counts as changed.
  const read = new Map(RECIPE.map((file) => [file, readFileSync(join(ROOT, file))]));
  const remember = (path) => {
    const file = slashes(relative(ROOT, path));
    if (!read.has(file)) read.set(file, readFileSync(path));
    return file;
  };
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS packages inside an ES module bundle still call require() for Node's modules and
    // the external packages.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // serve.mjs maps stack frames in the bundle with this map, read on the first stack trace.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'brokerdesk-api',
        setup(builder) {
          // An external package is looked up by Node from the bundle's folder, where it was
          // looked up from the importing file before: the build fails if that would find a
          // different copy (a nested version, say).
          builder.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData?.lookup) return undefined;
            if (isBuiltin(args.path)) return { path: args.path, external: true };
            if (!EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`)))
              return undefined;
            const lookup = (resolveDir) =>
              builder.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { lookup } });
            const [fromImporter, fromBundle] = await Promise.all([
              lookup(args.resolveDir),
              lookup(OUT_DIR),
            ]);
            if (fromImporter.errors.length === 0 && fromImporter.path !== fromBundle.path) {
              const found = fromBundle.path || 'nothing';
              const text = `${args.path} is ${fromImporter.path} for ${args.importer}, ${found} for the bundle`;
              return { errors: [{ text }] };
            }
            return { path: args.path, external: true };
          });
          builder.onLoad({ filter: /.*/ }, (args) => {
            const loader = LOADERS[extname(args.path)];
            if (!loader) throw new Error(`no loader for ${args.path}`);
            const source = readFileSync(args.path, 'utf8');
            if (args.path.includes(`${sep}node_modules${sep}`)) {
              const manifest = remember(packageJsonOf(args.path));
              const found =
                /\b__dirname\b|\b__filename\b|\brequire\.resolve\b|\bimport\.meta\b/.exec(source);
              if (found) {
                const name = JSON.parse(read.get(manifest)).name;
                throw new Error(`${name} uses ${found[0]}: add it to EXTERNAL in build-api.mjs`);
              }
              return { contents: source, loader };
            }
            const file = remember(args.path);
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

  // A require() esbuild could not follow would look from the bundle's folder at run time.
  const unfollowed = result.warnings.filter((warning) => /require|import\(\)/i.test(warning.text));
  if (unfollowed.length > 0)
    throw new Error(unfollowed.map((w) => `${w.location?.file}: ${w.text}`).join('\n'));

  const sources = [...read.keys()].sort();
  const bundle = result.outputFiles.find((file) => file.path === API_BUNDLE);
  const map = result.outputFiles.find((file) => file.path === `${API_BUNDLE}.map`);
  if (!bundle || !map) throw new Error('esbuild wrote no bundle');

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
  return {
    sources: sources.filter((file) => !file.includes('node_modules/')).length,
    packages: sources.filter((file) => file.includes('node_modules/')).length,
    bytes: bundle.contents.length,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { sources, packages, bytes } = await buildApiBundle();
    console.log(
      `build-api: ${relative(ROOT, API_BUNDLE)} — ${sources} source files, ${packages} packages, ${Math.round(bytes / 1024)} KB`,
    );
  } catch (error) {
    console.error(`build-api failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
