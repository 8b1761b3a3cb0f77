// Starts the production server (scripts/serve.mjs) on a free loopback port with its own empty
// data directory, waits until it is ready, and stops it again: for benchmarks and for browser
// journeys that need a database of their own.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from './lib.mjs';

const READY_TIMEOUT_MS = 60_000;
const MIGRATIONS_FOLDER = join(ROOT, 'apps', 'api', 'src', 'db', 'migrations');

// Servers still running when this process exits (a test that timed out before its clean-up, a
// benchmark that threw) are killed with it instead of living on as orphans holding a port.
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * An embedded database with BrokerDesk's tables and no rows (PGlite's `initdb`, then the API's
 * migrations), in a directory laid out like a data directory (`pglite/`). Creating one costs about
 * 5 s of CPU for `initdb` and 2–3 s for the migrations, most of a first start; a caller that
 * starts many servers makes one and passes it as `template`, and each server starts on a copy
 * (about 1 s), finds every migration applied, and bootstraps its owner as on any empty database.
 */
export async function makeEmptyDatabaseTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = mkdtempSync(join(tmpdir(), 'brokerdesk-template-'));
  const db = new PGlite(join(dir, 'pglite'));
  await db.waitReady;
  // The folder the server migrates from (apps/api/src/db/client.ts MIGRATIONS_FOLDER): the same
  // files give the same hashes, so the server's own migrate() has nothing left to apply.
  await migrate(drizzle({ client: db }), { migrationsFolder: MIGRATIONS_FOLDER });
  await db.close();
  return dir;
}

/**
 * @param {Record<string, string>} env the server's environment on top of the defaults
 * @param {{ template?: string }} options a directory from `makeEmptyDatabaseTemplate`
 */
export async function startProductionServer(env = {}, { template } = {}) {
  const port = await freePort();
  // A DATA_DIR passed in belongs to the caller (e.g. a restart on the same data): kept on stop.
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'brokerdesk-server-'));
  if (ownDataDir && template) {
    cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  }
  // BENCH_NODE_ARGS lets a profiling run pass flags NODE_OPTIONS refuses (e.g. --cpu-prof).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // During `npm test` (BROKERDESK_LOG_DIR) the server's log lines are kept for the log check.
  const logDir = process.env.BROKERDESK_LOG_DIR;
  const stdout = logDir ? openSync(join(logDir, `server-${randomUUID()}.log`), 'a') : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/serve.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', stdout, 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'throwaway-server-password',
      LOG_LEVEL: logDir ? 'info' : 'warn',
      ...env,
    },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  /** Ends the process at once (SIGKILL by default), as a crash would; the data stays. */
  const kill = async (signal = 'SIGKILL') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, dataDir, pid: child.pid, stop, kill };
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      await stop();
      throw new Error(`the production server did not become ready within ${READY_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
