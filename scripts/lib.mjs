// Small helpers shared by the project's command-line scripts (start, dev, test).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_BUILD = join(ROOT, 'apps/web/build');

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** Newest modification time (ms) of any file under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'build' || entry === '.react-router') continue;
        visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

/** True when the web build is missing or older than the sources and operator content. */
export function webBuildIsStale() {
  const manifest = join(WEB_BUILD, 'pages.json');
  if (!existsSync(manifest)) return true;
  const sources = newestMtime([
    join(ROOT, 'apps/web/src'),
    join(ROOT, 'apps/web/public'),
    join(ROOT, 'apps/web/scripts'),
    join(ROOT, 'apps/web/react-router.config.ts'),
    join(ROOT, 'apps/web/vite.config.ts'),
    join(ROOT, 'apps/web/package.json'),
    join(ROOT, 'packages/shared/src'),
  ]);
  return sources > statSync(manifest).mtimeMs;
}

/** Asks the operating system for a free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
