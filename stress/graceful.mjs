// `npm run graceful`: the tests of issue 7 item 6 on their own, on both engines.
//
// - server.test.ts (PGlite, the real process): SIGTERM stops accepting at once, finishes the
//   request in flight, closes the database and exits 0; a request that never completes cannot
//   hold it beyond SHUTDOWN_TIMEOUT_SECONDS.
// - health.test.ts: /readyz answers 503 once the database is closed.
// - outage.test.ts (PostgreSQL): refused, hung and lock-blocked databases give a quick 503,
//   /readyz follows, and everything recovers when the database is back.
//
// The PostgreSQL half uses TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/test if it
// answers (as CI does); without one it says it was skipped. Exits 1 if any test fails.
import pg from 'pg';
import { run } from '../scripts/lib.mjs';

const LOCAL_POSTGRES = 'postgres://root@127.0.0.1:5432/test';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const EMBEDDED_TESTS = ['apps/api/src/server.test.ts', 'apps/api/src/modules/health'];

const embedded = { ...process.env };
delete embedded.TEST_DATABASE_URL;
const results = [];
results.push([
  'PGlite: SIGTERM, shutdown limit, readiness',
  await run('npx', ['vitest', 'run', '--project', 'api', ...EMBEDDED_TESTS], { env: embedded }),
]);

const postgresUrl =
  process.env.TEST_DATABASE_URL ?? ((await answers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : null);
if (postgresUrl) {
  results.push([
    'PostgreSQL: refused, hung and locked database',
    await run('npx', ['vitest', 'run', '--project', 'api', 'apps/api/src/db/outage.test.ts'], {
      env: { ...process.env, TEST_DATABASE_URL: postgresUrl },
    }),
  ]);
} else {
  process.stdout.write('\nPostgreSQL did not answer: its outage tests were skipped.\n');
}

process.stdout.write('\n');
for (const [name, code] of results) process.stdout.write(`${code === 0 ? '✔' : '✖'} ${name}\n`);
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);
