// Start-up (issue 8, item 5): milliseconds from spawning `node scripts/serve.mjs` (what
// `npm run serve` runs: the built app) to the first 200 on /healthz, polled every 10 ms.
// First start on an empty data directory (creates the database, applies every migration,
// bootstraps the owner) reported separately; then restarts on the existing data, median of
// RUNS. Target: restart ≤ 2 s. PGlite always; PostgreSQL too when its server answers.
// Builds what `npm run build` would leave: the web app when it has no build, the compiled API
// when it is missing or older than its sources (serve.mjs would otherwise run them through tsx,
// docs/decisions/081). Each result says which one ran (`api`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freshApiBundle } from '../scripts/build-api.mjs';
import {
  QUICK,
  ROOT,
  databaseKinds,
  emit,
  freePort,
  main,
  onCleanup,
  printTable,
  round,
  run,
  scratchDatabase,
} from './api-lib.mjs';

const BENCH = 'startup';
const RUNS = QUICK ? 2 : 3;
const TARGET_MS = 2000;
const TIMEOUT_MS = 60_000;

async function timeStart(database) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'throwaway-server-password',
      LOG_LEVEL: 'warn',
      ...database.env,
    },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  onCleanup(stop); // a no-op at the end once the server has stopped
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return Math.round(performance.now() - started);
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error('no 200 on /healthz in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop();
  }
}

await main(async () => {
  if (!existsSync(join(ROOT, 'apps/web/build/pages.json'))) {
    const code = await run('npm', ['run', '--silent', 'build'], { stdio: 'ignore' });
    if (code !== 0) throw new Error('the web build failed');
  }
  if (!freshApiBundle()) {
    const code = await run(process.execPath, ['scripts/build-api.mjs'], { stdio: 'ignore' });
    if (code !== 0) throw new Error('the API build failed');
  }
  // Which API serve.mjs runs; 'mixed' if a source changed during the runs (another editor).
  const apiNow = () => (freshApiBundle() ? 'compiled' : 'tsx');
  const rows = [];
  for (const kind of await databaseKinds(BENCH)) {
    const database = await scratchDatabase(kind);
    const apiBefore = apiNow();
    const firstMs = await timeStart(database);
    const restarts = [];
    for (let i = 0; i < RUNS; i += 1) restarts.push(await timeStart(database));
    const api = apiNow() === apiBefore ? apiBefore : 'mixed';
    const median = [...restarts].sort((a, b) => a - b)[Math.floor(restarts.length / 2)];
    const result = {
      bench: BENCH,
      database: kind,
      api,
      firstStartMs: firstMs,
      restartMs: median,
      restartRunsMs: restarts,
      target: { restartMs: TARGET_MS, met: median <= TARGET_MS },
    };
    emit(result);
    rows.push({
      database: kind,
      api,
      'first start (empty) ms': firstMs,
      'restart ms (median)': median,
      runs: restarts.join(' / '),
      ratioToTarget: round(median / TARGET_MS, 2),
      target: result.target.met ? 'met' : `MISSED (> ${TARGET_MS} ms)`,
    });
  }
  printTable('Start-up: spawn of scripts/serve.mjs → first 200 on /healthz', rows);
});
