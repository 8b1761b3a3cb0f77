import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { PUBLIC_PAGES } from './src/config/public-pages';

// Build and dev server for the web app. Tests use vitest.config.ts instead.
const apiPort = process.env.API_PORT ?? '3001';
const webPort = Number(process.env.WEB_PORT ?? 5173);

const APP_DIR = fileURLToPath(new URL('./src/app/', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url));

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
 * Our own modules that only the portal and the back office use go into one chunk (docs/decisions
 * /070). Every route's entry in the route manifest — which every page, `/` included, downloads —
 * lists the chunks it imports; dozens of small shared chunks made each portal route's list long
 * and the manifest grow with every page. Anything a public page reaches stays where Rollup puts it,
 * so public pages never load portal code, and libraries are left alone (grouping them pulled
 * React into the group once).
 */
function appOnlyChunkName() {
  let publicModules: Set<string> | null = null;
  return (
    id: string,
    context: {
      getModuleInfo(
        id: string,
      ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
    },
  ) => {
    if (!id.startsWith(SRC_DIR) || id.includes('?') || id.startsWith(APP_DIR)) return undefined;
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
    return publicModules.has(id) ? null : 'app';
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
  plugins: [reactRouter(), ...(isSsrBuild ? [] : [allowEntryExtension])],
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
              groups: [{ name: appOnlyChunkName() }],
            },
          },
        },
  },
}));
