// PostgreSQL helpers for the test run: one migrated template database per run, and a fresh
// database per test app created from it (CREATE DATABASE … TEMPLATE), dropped afterwards.
import pg from 'pg';
import { withDefaultUser } from '../db/client.js';

export const TEST_DB_PREFIX = 'bd_test_';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(withDefaultUser(adminUrl));
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(
  adminUrl: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: withDefaultUser(adminUrl) });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // pool.end() resolves before its sockets have closed. Dropping WITH (FORCE) at that moment
  // kills backends mid-goodbye, and their clients raise an uncaught "terminating connection".
  // So wait (briefly) for the database's own connections to leave; FORCE is for stragglers.
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    if ((rows[0]?.count ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}

/** Names are bd_test_<pid>_<time>_…; drop those whose run (pid) is no longer alive. */
export async function dropAbandonedDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like '${TEST_DB_PREFIX}%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) await dropDatabase(client, datname);
  }
}
