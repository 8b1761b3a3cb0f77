import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { noChunkCycles } from './scripts/chunk-cycles.mjs';
import { PUBLIC_PAGES } from './src/config/public-pages';

// Build and dev server for the web app. Tests use vitest.config.ts instead.
const apiPort = process.env.API_PORT ?? '3001';
const webPort = Number(process.env.WEB_PORT ?? 5173);

const APP_DIR = fileURLToPath(new URL('./src/app/', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url));
const SHARED_DIR = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const FEATURES_DIR = fileURLToPath(new URL('./src/features/', import.meta.url));

/** Route modules of the pre-rendered public pages, and the frame every page loads. */
const PUBLIC_ROUTE_FILES = [
  'root.tsx',
  'layouts/public-layout.tsx',
  'layouts/query-layout.tsx',
  'layouts/auth-layout.tsx',
  'routes/home.tsx',
  'routes/not-found.tsx',
  'routes/user-register.tsx',
  'routes/user-login.tsx',
  'routes/password-reset.tsx',
  ...PUBLIC_PAGES.map((page) => page.file),
].map((file) => `${APP_DIR}${file}`);

/**
 * The shared trading rules (`@brokerdesk/shared/trading`) form a chunk of their own (decision
 * 122). The terminal (portal) and the instrument pages' specification tables (public, loaded on
 * demand) both use them; left to Rollup they landed in the trade route's chunk, which the portal
 * group then imported back (a chunk cycle), and as a library public pages reach they cannot join
 * the group. One chunk both sides import keeps the graph acyclic.
 */
function tradingRulesChunkName(id: string): string | null {
  return id.startsWith(`${SHARED_DIR}trading/`) || id === `${SHARED_DIR}schemas/trading.ts`
    ? 'trading-rules'
    : null;
}

/**
 * Our own modules that only the portal and the back office use go into one chunk (docs/decisions
 * /070). Every route's entry in the route manifest — which every page, `/` included, downloads —
 * lists the chunks it imports; dozens of small shared chunks made each portal route's list long
 * and the manifest grow with every page. Anything a public page reaches stays where Rollup puts it,
 * so public pages never load portal code, and libraries public pages use are left alone (grouping
 * them pulled React into the group once).
 *
 * A library that only grouped modules import joins the group too (decision 106).
 * Left out, it went into the chunk of the one route that reached it — `qrcode` into the
 * security page's — and the group imported that route chunk, which imported the group: a cycle,
 * and "Pt is not a function" whenever the route chunk ran first. The group imported it
 * statically anyway, so every portal page already loaded it; nothing gets heavier.
 */
function appOnlyChunkName() {
  let publicModules: Set<string> | null = null;
  const appLibraries = new Map<string, boolean>();
  type ModuleInfo = {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
  };
  type Context = { getModuleInfo(id: string): ModuleInfo | null };

  const isOwnGrouped = (id: string, publics: Set<string>) =>
    id.startsWith(SRC_DIR) && !id.includes('?') && !id.startsWith(APP_DIR) && !publics.has(id);
  // The shared package counts as a library: what public pages reach through its index stays
  // public, and a subpath only the portal imports (withdrawal-rules) joins the group (decision 113).
  const isLibrary = (id: string) =>
    (id.includes('/node_modules/') || id.startsWith(SHARED_DIR)) && !id.startsWith('\0');

  /**
   * A library that only grouped modules (or such libraries) import. Every importer counts, not
   * just public pages': `react-dom` is imported by a grouped module (createPortal) but also by
   * the entry through `react-dom/client`, and moving it into the group made every page load it.
   */
  function isAppLibrary(id: string, context: Context, publics: Set<string>): boolean {
    const known = appLibraries.get(id);
    if (known !== undefined) return known;
    appLibraries.set(id, false); // an import cycle between libraries ends here: left out
    const info = context.getModuleInfo(id);
    const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
    const answer =
      isLibrary(id) &&
      !publics.has(id) &&
      (info?.importers.length ?? 0) > 0 &&
      importers.every(
        (importer) =>
          isOwnGrouped(importer, publics) ||
          (isLibrary(importer) && isAppLibrary(importer, context, publics)),
      );
    appLibraries.set(id, answer);
    return answer;
  }

  return (id: string, context: Context) => {
    if (publicModules === null) {
      publicModules = new Set();
      const queue = [...PUBLIC_ROUTE_FILES];
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (publicModules.has(next)) continue;
        publicModules.add(next);
        // A module a public page imports lazily (registration's validation) is public too:
        // grouped with the portal's modules, it would load them all.
        const info = context.getModuleInfo(next);
        queue.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
      }
    }
    // A module reached only by import() (a chart's drawing code) is loaded on demand: grouped,
    // its static imports (lightweight-charts) would load with every portal page (decision 122).
    const info = context.getModuleInfo(id);
    if (info && info.importers.length === 0 && info.dynamicImporters.length > 0) return null;
    if (isOwnGrouped(id, publicModules)) return 'app';
    if (isAppLibrary(id, context, publicModules)) return 'app';
    return id.startsWith(SRC_DIR) && !id.includes('?') && !id.startsWith(APP_DIR)
      ? null
      : undefined;
  };
}

/**
 * A feature is entered only through its index.ts (lint/web-boundaries.js), but a bundler that
 * goes through the door reaches every room behind it: a public page importing one component
 * from an index would count the feature's portal modules as its own (appOnlyChunkName) and load
 * modules it never renders. So the build imports each name from the file the index re-exports it
 * from, and the module graph is what it would be without the doors. An index holds nothing but
 * `export { … } from './…'` lines; anything else fails the build, as does an index left in it.
 */
function featureDoors(): Plugin {
  const doors = new Map<string, Map<string, string>>();
  /** Exported name → the file it comes from, for the index of the feature folder `dir`. */
  function exportsOf(dir: string): Map<string, string> {
    let names = doors.get(dir);
    if (names) return names;
    names = new Map();
    const code = readFileSync(`${dir}/index.ts`, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    const rest = code.replace(
      /export\s*\{([^}]*)\}\s*from\s*'(\.\/[^']+)';/g,
      (_, list: string, from: string) => {
        for (const item of list.split(',')) {
          const name = item
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names!.set(name, resolve(dir, from));
        }
        return '';
      },
    );
    if (rest.trim() !== '') throw new Error(`${dir}/index.ts: only export { … } from lines`);
    doors.set(dir, names);
    return names;
  }
  const featureDir = (importer: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const target = resolve(dirname(importer), spec).replace(/\/index$/, '');
    return dirname(target) === FEATURES_DIR.slice(0, -1) ? target : null;
  };
  return {
    name: 'brokerdesk:feature-doors',
    // The dev server goes through the doors: it loads modules one by one and has no chunks.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(SRC_DIR) || !/\.tsx?$/.test(file)) return undefined;
      let changed = false;
      const next = code.replace(
        /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)';/g,
        (statement, typeOnly: string | undefined, list: string, spec: string) => {
          const dir = featureDir(file, spec);
          if (dir === null || file.startsWith(`${dir}/`)) return statement;
          const names = exportsOf(dir);
          const bySource = new Map<string, string[]>();
          for (const item of list.split(',').map((part) => part.trim())) {
            if (item === '') continue;
            const exported = item.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
            const source = names.get(exported);
            if (!source) throw new Error(`${file}: ${dir}/index.ts does not export ${exported}`);
            bySource.set(source, [...(bySource.get(source) ?? []), item]);
          }
          changed = true;
          return [...bySource]
            .map(([source, items]) => {
              const path = relative(dirname(file), source);
              return `import ${typeOnly ?? ''}{ ${items.join(', ')} } from '${path.startsWith('.') ? path : `./${path}`}';`;
            })
            .join(' ');
        },
      );
      return changed ? { code: next, map: null } : undefined;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        if (/\/src\/features\/[^/]+\/index\.ts$/.test(id)) {
          this.error(
            `${relative(SRC_DIR, id)} is in the bundle: import it in a form featureDoors rewrites`,
          );
        }
      }
    },
  };
}

/**
 * `includeDependenciesRecursively: false` needs entry signatures that may be extended; React
 * Router's plugin sets 'exports-only', so this runs last and relaxes it (route modules keep
 * every export either way; strictExecutionOrder keeps modules running in import order).
 */
const allowEntryExtension: Plugin = {
  name: 'brokerdesk:allow-entry-extension',
  enforce: 'post',
  options(options) {
    return { ...options, preserveEntrySignatures: 'allow-extension' };
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    featureDoors(),
    reactRouter(),
    ...(isSsrBuild ? [] : [allowEntryExtension, noChunkCycles()]),
  ],
  define: {
    // The footer's copyright year before hydration: fixed at build time, never `new Date()`
    // during a pre-rendered render.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  server: {
    port: webPort,
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Only the matched modules: their dependencies (React, libraries, modules public
              // pages share) stay in the chunks the public pages already load.
              includeDependenciesRecursively: false,
              groups: [{ name: tradingRulesChunkName }, { name: appOnlyChunkName() }],
            },
          },
        },
  },
}));
