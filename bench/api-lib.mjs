// Shared by the API benchmarks (api-throughput, growth, ledger-writes, startup): the production
// server on PGlite or on a scratch PostgreSQL database, clients and staff postings made through
// the real HTTP API, bulk ledger seeding in SQL, latency series, and cleanup that runs even when
// a benchmark fails or is interrupted.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, run } from '../scripts/lib.mjs';
import { callApi, startServer } from './lib.mjs';

export { ensureBuild } from './lib.mjs';
export { ROOT, freePort, run };

/** The server PostgreSQL benchmarks create their scratch databases on (trust auth). */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** `--quick` or BENCH_QUICK=1 (for `npm run bench`): shorter runs, same measures. */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

export const OWNER = { username: 'bench-owner', password: 'bench-owner-password-1' };

/** One JSON line per measure. */
export function emit(result) {
  console.log(JSON.stringify(result));
}

export const round = (value, digits = 2) =>
  value === null || value === undefined || Number.isNaN(value)
    ? null
    : Math.round(value * 10 ** digits) / 10 ** digits;

// ---- cleanup ---------------------------------------------------------------------------------

const cleanups = [];

/** Registers `fn` to run at the end (last registered runs first), on failure and on signals. */
export function onCleanup(fn) {
  cleanups.push(fn);
  return fn;
}

async function runCleanups() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error(`bench cleanup failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    runCleanups().finally(() => process.exit(130));
  });
}

/** Runs the benchmark body, then every cleanup; exits 1 if the body threw. */
export async function main(body) {
  let failed = false;
  try {
    await body();
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  } finally {
    await runCleanups();
  }
  process.exit(failed ? 1 : 0);
}

// ---- databases -------------------------------------------------------------------------------

/** True when the benchmark PostgreSQL server answers. */
export async function postgresAvailable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates an empty bench_* database, dropped again at cleanup. Returns its URL. */
export async function scratchPostgres() {
  const { default: pg } = await import('pg');
  const name = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A temporary data directory, removed at cleanup. */
export function scratchDataDir(prefix = 'brokerdesk-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A database for one benchmark: `pglite` (a data directory of its own) or `postgres` (a scratch
 * database). `env` is what the server needs to use it; DATA_DIR is set in both cases so that
 * uploads and the like stay inside the temporary directory.
 */
export async function scratchDatabase(kind) {
  const dataDir = scratchDataDir();
  if (kind === 'pglite') return { kind, dataDir, env: { DATA_DIR: dataDir } };
  const databaseUrl = await scratchPostgres();
  return { kind, dataDir, databaseUrl, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } };
}

/** The kinds to run: PGlite always, PostgreSQL when its server answers (else a skip line). */
export async function databaseKinds(bench) {
  if (process.env.BENCH_DATABASES) return process.env.BENCH_DATABASES.split(',');
  if (await postgresAvailable()) return ['pglite', 'postgres'];
  emit({ bench, database: 'postgres', skipped: `no PostgreSQL at ${POSTGRES_ADMIN_URL}` });
  return ['pglite'];
}

/**
 * Raw SQL on a benchmark database while no server holds it (PGlite allows one process):
 * `exec(text)` runs one or more statements, `query(text, params)` returns rows.
 */
export async function openSql(database) {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    return {
      exec: (text) => client.query(text),
      query: async (text, params = []) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(join(database.dataDir, 'pglite'));
  await client.waitReady;
  return {
    exec: (text) => client.exec(text),
    query: async (text, params = []) => (await client.query(text, params)).rows,
    close: () => client.close(),
  };
}

/**
 * After seeding, with no server running: on PostgreSQL, ANALYZE (what autovacuum does within
 * its one-minute nap after that many writes). PGlite has no autovacuum; the app's own pass at
 * start (apps/api/src/db/maintenance.ts) does it when the server starts again.
 */
export async function refreshStatistics(database) {
  if (database.kind !== 'postgres') return;
  const sqlDb = await openSql(database);
  try {
    await sqlDb.exec('analyze');
  } finally {
    await sqlDb.close();
  }
}

// ---- the production server -------------------------------------------------------------------

/** Starts the built app on `database` with a bootstrap owner and optional staff 2FA. */
export async function startApp(database, extraEnv = {}) {
  const server = await startServer({
    ...database.env,
    STAFF_2FA: 'optional',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ...extraEnv,
  });
  const stop = onCleanup(server.stop);
  return {
    baseUrl: server.baseUrl,
    async stop() {
      const index = cleanups.indexOf(stop);
      if (index >= 0) cleanups.splice(index, 1);
      await server.stop();
    },
  };
}

/** A child process running a bare Fastify hello-world on a free port: the ceiling. */
export async function startHelloWorld() {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const ok = await fetch(baseUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 100) throw new Error('the hello-world server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    async stop() {
      cleanups.splice(cleanups.indexOf(stop), 1);
      await stop();
    },
  };
}

// ---- the HTTP API ----------------------------------------------------------------------------

const call = callApi;

/** The bootstrap owner's x-auth-token headers (STAFF_2FA=optional). */
export async function ownerHeaders(baseUrl) {
  const { token } = await call(baseUrl, 'POST', '/api/adminLogin/adminLogin', {
    body: { username: OWNER.username, password: OWNER.password },
  });
  return { 'x-auth-token': token };
}

/** The smallest file the upload check takes for a PDF. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The client uploads proof of ID and proof of residence and staff approve both: withdrawals, and
 * deposits past the limit before documents, need them (docs/documents-api.md).
 */
export async function approveIdentityDocuments(baseUrl, clientHeaders, staffHeaders) {
  for (const kind of ['id', 'residence']) {
    const response = await fetch(`${baseUrl}/api/documents?kind=${kind}`, {
      method: 'POST',
      headers: {
        ...clientHeaders,
        'content-type': 'application/pdf',
        'x-file-name': `${kind}.pdf`,
      },
      body: PDF_BYTES,
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`upload ${kind}: ${response.status} ${text}`);
    const { document } = JSON.parse(text);
    await call(baseUrl, 'POST', `/api/staff/documents/${document.id}/approve`, {
      headers: staffHeaders,
    });
  }
}

/**
 * Registers a client through the public form and signs them in. The e-mail stays unverified:
 * the routes measured here (dashboard, history) do not need it, and staff postings never do.
 */
export async function registerClient(baseUrl, staffHeaders) {
  const email = `bench-${randomUUID()}@example.com`;
  const password = 'bench-client-password';
  await call(baseUrl, 'POST', '/api/userRegister/send', {
    body: {
      firstName: 'Bench',
      lastName: 'Client',
      email,
      phone: '447700900123',
      password,
      confirmPassword: password,
      country: 'United Kingdom',
    },
  });
  const { token } = await call(baseUrl, 'POST', '/api/userLogin/send', {
    body: { email, password },
  });
  const page = await call(baseUrl, 'GET', `/api/staff/clients?q=${encodeURIComponent(email)}`, {
    headers: staffHeaders,
  });
  const items = Array.isArray(page) ? page : (page.items ?? page.clients ?? []);
  const found = items.find((item) => item.email === email);
  const id = found?.id ?? found?._id;
  if (!id)
    throw new Error(`registered client not found in the staff list: ${JSON.stringify(page)}`);
  return { id, email, headers: { 'user-token': token } };
}

/**
 * `count` bonus postings to the client through the staff posting route (the real service: a
 * ledger transfer, a statement row, its event and an audit record each), `concurrency` at a time.
 */
export async function postBonuses(baseUrl, staffHeaders, clientId, count, concurrency = 4) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      await call(baseUrl, 'POST', `/api/staff/clients/${clientId}/postings`, {
        headers: { ...staffHeaders, 'idempotency-key': randomUUID() },
        body: { type: 'bonus', amountMinor: 100 + (next % 900), reason: 'Benchmark bonus' },
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

// ---- bulk seeding in SQL ---------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Adds `count` posted bonus transfers to a client in one database transaction, writing what the
 * staff posting route writes for each (apps/api/src/modules/money/money.service.ts
 * postCompleted → ledger createTransfer): a posted transfer platform:bonus → client cash, a
 * completed statement row pointing at it and its 'recorded' event; and moving the maintained
 * totals (ledger_accounts, ledger_kind_totals) of both accounts by the same sum, so
 * `npm run ledger:check` still holds. Rows are dated one second apart into the past, older than
 * anything already there. The client must already have its cash account (one posting made).
 */
export async function seedBonusesInSql(sqlDb, clientId, count) {
  if (!UUID.test(clientId)) throw new Error(`not a uuid: ${clientId}`);
  const accounts = await sqlDb.query(
    `select id, code from ledger_accounts where code in ('platform:bonus', $1)`,
    [`client:${clientId}:cash`],
  );
  const bonus = accounts.find((a) => a.code === 'platform:bonus')?.id;
  const cash = accounts.find((a) => a.code !== 'platform:bonus')?.id;
  if (!bonus || !cash) throw new Error('post one bonus through the API before bulk seeding');
  const amount = (g) => 100 + (g % 900);
  let sum = 0;
  for (let g = 1; g <= count; g += 1) sum += amount(g);
  await sqlDb.exec(`
    begin;
    with oldest as (
      select coalesce(min(created_at), now()) as at from client_transactions
      where client_id = '${clientId}'
    ), t as (
      insert into ledger_transfers (debit_account_id, credit_account_id, amount_minor, kind, state,
        actor, created_at)
      select '${bonus}', '${cash}', 100 + (g % 900), 'bonus', 'posted', 'system',
        oldest.at - g * interval '1 second'
      from generate_series(1, ${count}) g, oldest
      returning id, amount_minor, created_at
    ), ct as (
      insert into client_transactions (client_id, type, direction, amount_minor, status,
        transfer_id, created_by, created_at, updated_at)
      select '${clientId}', 'bonus', 'credit', amount_minor, 'completed', id, 'system',
        created_at, created_at
      from t
      returning id, created_at
    )
    insert into client_transaction_events (transaction_id, kind, actor, created_at)
    select id, 'recorded', 'system', created_at from ct;
    update ledger_accounts set credits_posted = credits_posted + ${sum} where id = '${cash}';
    update ledger_accounts set debits_posted = debits_posted + ${sum} where id = '${bonus}';
    insert into ledger_kind_totals (account_id, kind, net_posted_minor)
    values ('${cash}', 'bonus', ${sum}), ('${bonus}', 'bonus', ${-sum})
    on conflict (account_id, kind)
    do update set net_posted_minor = ledger_kind_totals.net_posted_minor + excluded.net_posted_minor;
    commit;
    analyze ledger_transfers;
    analyze client_transactions;
    analyze client_transaction_events;
  `);
}

/** `npm run ledger:check` on the database (the server must be stopped for PGlite). */
export async function ledgerCheck(database) {
  const env = { ...process.env, DATA_DIR: database.dataDir };
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else delete env.DATABASE_URL;
  const chunks = [];
  const code = await new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'apps/api/src/scripts/ledger-check.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  const output = Buffer.concat(chunks).toString().trim();
  return { ok: code === 0, summary: output.split('\n').at(-1) ?? '' };
}

// ---- latency ---------------------------------------------------------------------------------

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `count` sequential GETs after `warmup` unmeasured ones; p50/p99 in ms. Non-2xx throws. */
export async function sequentialLatency(url, headers, { count, warmup }) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return elapsed;
  };
  for (let i = 0; i < warmup; i += 1) await once();
  const samples = [];
  for (let i = 0; i < count; i += 1) samples.push(await once());
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)) };
}

/** Prints rows as an aligned text table (to stderr, so stdout stays JSON lines). */
export function printTable(title, rows) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((cell) => cell[i].length)),
  );
  const line = (values) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
  console.error(`\n${title}`);
  console.error(line(columns));
  console.error(line(widths.map((width) => '-'.repeat(width))));
  for (const cell of cells) console.error(line(cell));
}
