// Starts the production server (scripts/serve.mjs) on a free loopback port with its own empty
// data directory, waits until it is ready, and stops it again: for benchmarks and for browser
// journeys that need a database of their own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from './lib.mjs';

const READY_TIMEOUT_MS = 60_000;

export async function startProductionServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerdesk-server-'));
  // BENCH_NODE_ARGS lets a profiling run pass flags NODE_OPTIONS refuses (e.g. --cpu-prof).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/serve.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'throwaway-server-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, dataDir, stop };
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      await stop();
      throw new Error(`the production server did not become ready within ${READY_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
