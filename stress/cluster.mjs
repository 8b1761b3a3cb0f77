// `npm run cluster [-- --instances N]`: several API instances on one PostgreSQL database (and one
// Redis when there is one), started at the same moment, with a round-robin proxy in front; then
// the claims of issue 7 items 1 and 2, each printed as one ✔/✖ line with its figure:
//
// - instances start together: migrations run once, one first staff account;
// - a session made on one instance works on another, and a logout on one ends it everywhere;
// - one Idempotency-Key sent to two instances (at once, then again) moves money once;
// - the login lock-out and the per-IP auth limit count across instances (with Redis);
// - 500 parallel withdrawals over the instances: accepted = ⌊balance / amount⌋ exactly, every
//   other answer 409 INSUFFICIENT_FUNDS, available never negative, `ledger:check` passes;
// - trading (cluster-trading.mjs): every instance streams the same prices, a triggered order
//   fills once, and when the price leader is killed another instance takes over.
//
// Exits 1 if any check fails. Everything it starts (instances, proxies, the scratch database,
// the shared data directory) is stopped and removed at the end, on failure and on Ctrl-C.
// The scratch database is made on TEST_DATABASE_URL, else BENCH_POSTGRES_URL, else
// postgres://root@127.0.0.1:5432/test. Redis: REDIS_URL (it must answer), else
// redis://127.0.0.1:6379 if it answers, else none (the cross-instance limit checks are skipped,
// and say so); `--no-redis` runs without it on purpose.
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import tls from 'node:tls';
import pg from 'pg';
import { mailsTo } from '../scripts/dev-outbox.mjs';
import { startProductionServer } from '../scripts/production-server.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';
import { checkSamePrices, checkTriggeredOrders, tradingEnv } from './cluster-trading.mjs';

// CI sets TEST_DATABASE_URL; bench/api-lib.mjs reads BENCH_POSTGRES_URL when it loads.
if (process.env.TEST_DATABASE_URL) process.env.BENCH_POSTGRES_URL = process.env.TEST_DATABASE_URL;
const {
  approveIdentityDocuments,
  POSTGRES_ADMIN_URL,
  freePort,
  ledgerCheck,
  main,
  onCleanup,
  percentile,
  scratchDataDir,
  scratchPostgres,
} = await import('../bench/api-lib.mjs');

const BURST_REQUESTS = 500;
const BURST_BALANCE_MINOR = 100_000; // $1,000.00
const BURST_AMOUNT_MINOR = 700; // $7.00: 1,000 / 7 is not whole, so the last one must be refused
const IDEMPOTENT_BALANCE_MINOR = 10_000;
const IDEMPOTENT_AMOUNT_MINOR = 3_000;
const WITHDRAWAL = { method: 'bank-transfer', destination: 'GB33 BUKB 2020 1555 5555 55' };
const LOCKOUT_FAILURES = 10; // docs/product.md §7
const AUTH_LIMIT_PER_MINUTE = 20; // apps/api/src/plugins/security.ts AUTH_RATE_LIMIT
const OWNER = { username: 'cluster-owner', password: `cluster-${randomUUID()}` };
const CLIENT_PASSWORD = 'cluster-client-password-1';

/** Prints a line; after Ctrl-C only the lines about stopping (`always`). */
const say = (line = '', { always = false } = {}) => {
  if (!interrupted || always) process.stdout.write(`${line}\n`);
};

// Ctrl-C: bench/api-lib.mjs stops everything and exits 130; the checks in flight stop here
// instead of failing one after another against instances that are going away.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    say(`${signal}: stopping everything this run started`, { always: true });
  });
}
const halt = () => new Promise(() => {});
/** An error printed as its message alone (bench/api-lib.mjs prints the stack). */
const plainError = (message) => Object.assign(new Error(message), { stack: `cluster: ${message}` });
const startedAt = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const grouped = (n) => n.toLocaleString('en-US');
/** Integer cents as dollars, without floating point. */
const dollars = (minor) =>
  `${minor < 0 ? '−' : ''}$${grouped(Math.trunc(Math.abs(minor) / 100))}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
/** Integer cents as the seed's dollar string ("1000.00") for the staff call that takes dollars. */
const plainDollars = (minor) =>
  `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const label = (index) => String.fromCharCode(65 + index); // A, B, C …
/** A fresh caller address (TRUST_PROXY=true), so per-IP limits never mix checks or runs. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const redacted = (url) => url.replace(/\/\/[^@/]*@/, '//***@');

function instanceCount() {
  const at = process.argv.findIndex(
    (arg) => arg === '--instances' || arg.startsWith('--instances='),
  );
  if (at < 0) return 2;
  const raw = process.argv[at].includes('=')
    ? process.argv[at].split('=')[1]
    : process.argv[at + 1];
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 2 || count > 16) {
    throw plainError(`--instances must be a whole number from 2 to 16 (got ${raw})`);
  }
  return count;
}

// ---- checks ----------------------------------------------------------------------------------

const results = [];
function check(name, ok, figure) {
  results.push({ name, ok });
  say(`${ok ? '✔' : '✖'} ${name}: ${figure}`);
  return ok;
}
function skip(name, why) {
  say(`- ${name}: not checked — ${why}`);
}

// ---- HTTP ------------------------------------------------------------------------------------

/** One request; never throws: a network failure is status 0 with its message. */
async function call(baseUrl, method, path, { headers = {}, body, ip } = {}) {
  if (interrupted) await halt();
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: json, ms: performance.now() - started };
  } catch (error) {
    if (interrupted) await halt();
    const message = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
    return { status: 0, body: { message }, ms: performance.now() - started };
  }
}

/** Like call, but anything other than `status` throws: for setting things up. */
async function must(status, baseUrl, method, path, options) {
  const answer = await call(baseUrl, method, path, options);
  if (answer.status !== status) {
    throw new Error(
      `${method} ${path} on ${baseUrl}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  }
  return answer.body;
}

// ---- Redis -----------------------------------------------------------------------------------

/** True when something speaking RESP answers PING at `url` within `timeoutMs`. */
function redisAnswers(url, timeoutMs = 1_000) {
  return new Promise((resolve) => {
    const { protocol, hostname, port } = new URL(url);
    const options = { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) };
    const socket =
      protocol === 'rediss:'
        ? tls.connect({ ...options, servername: options.host })
        : net.connect(options);
    const done = (answered) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once(protocol === 'rediss:' ? 'secureConnect' : 'connect', () =>
      socket.write('PING\r\n'),
    );
    // "+PONG", or "-NOAUTH …" from a server with a password: either way Redis is there.
    socket.once('data', (data) => done(/^[+-]/.test(data.toString())));
    socket.once('error', () => done(false));
  });
}

async function findRedis() {
  if (process.argv.includes('--no-redis')) return null;
  if (process.env.REDIS_URL) {
    if (!(await redisAnswers(process.env.REDIS_URL))) {
      throw plainError(`REDIS_URL=${redacted(process.env.REDIS_URL)} does not answer`);
    }
    return process.env.REDIS_URL;
  }
  const local = 'redis://127.0.0.1:6379';
  return (await redisAnswers(local)) ? local : null;
}

// ---- mail ------------------------------------------------------------------------------------

/** Waits for the verification mail to `to` (written by whichever instance's mail worker). */
async function verificationToken(dataDir, to) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (interrupted) await halt();
    for (const mail of await mailsTo(dataDir, to)) {
      const token = /\/verifyEmail#token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline)
      throw new Error(`no verification mail to ${to} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---- clients ---------------------------------------------------------------------------------

/**
 * Registers a client on `baseUrl`; with `verify`, opens the mailed verification link; with
 * `creditMinor`, staff record a completed deposit of that much (the seed's call, in dollars).
 */
async function newClient(
  cluster,
  { baseUrl, name, verify = false, creditMinor = 0, staffHeaders },
) {
  const email = `cluster-${name}-${randomUUID()}@example.com`;
  await must(201, baseUrl, 'POST', '/api/userRegister/send', {
    ip: freshIp(),
    body: {
      firstName: 'Cluster',
      lastName: name,
      email,
      phone: '447700900123',
      password: CLIENT_PASSWORD,
      confirmPassword: CLIENT_PASSWORD,
      country: 'United Kingdom',
    },
  });
  if (verify) {
    const token = await verificationToken(cluster.dataDir, email);
    await must(200, baseUrl, 'POST', '/api/email/verify', { ip: freshIp(), body: { token } });
    // A verified client here withdraws, which needs approved identity documents.
    const login = await clientLogin(baseUrl, email);
    await approveIdentityDocuments(baseUrl, login.headers, staffHeaders);
  }
  let id = null;
  if (creditMinor > 0) {
    const page = await must(
      200,
      baseUrl,
      'GET',
      `/api/staff/clients?q=${encodeURIComponent(email)}`,
      { headers: staffHeaders },
    );
    id = page.items.find((item) => item.email === email)?.id;
    if (!id) throw new Error(`${email} is not in the staff client list`);
    await must(201, baseUrl, 'POST', '/api/transactions/transaction', {
      headers: { ...staffHeaders, 'idempotency-key': randomUUID() },
      body: {
        userId: id,
        type: 'Deposit',
        amount: plainDollars(creditMinor),
        status: 'Completed',
      },
    });
  }
  return { email, id };
}

async function clientLogin(baseUrl, email, ip = freshIp()) {
  const answer = await call(baseUrl, 'POST', '/api/userLogin/send', {
    ip,
    body: { email, password: CLIENT_PASSWORD },
  });
  return { ...answer, headers: { 'user-token': answer.body?.token } };
}

// ---- the checks ------------------------------------------------------------------------------

async function checkStartup(cluster) {
  const journal = JSON.parse(
    await readFile(new URL('../apps/api/src/db/migrations/meta/_journal.json', import.meta.url)),
  );
  const sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
  try {
    const migrations = Number(
      (await sql.query('select count(*) from drizzle.__drizzle_migrations')).rows[0].count,
    );
    const owners = Number((await sql.query('select count(*) from staff')).rows[0].count);
    const expected = journal.entries.length;
    check(
      'instances start together',
      migrations === expected && owners === 1,
      `${cluster.instances.length} started at once, ready in ${seconds(cluster.startMs)}; ` +
        `${migrations} migrations recorded (expected ${expected}), ${owners} first staff account (expected 1)`,
    );
  } finally {
    await sql.end();
  }
}

async function checkProxyDeadUpstream() {
  const dead = `http://127.0.0.1:${await freePort()}`;
  const proxy = await startRoundRobinProxy([dead]);
  try {
    const answer = await call(proxy.url, 'GET', '/healthz');
    check(
      'proxy, upstream down',
      answer.status === 502 && typeof answer.body?.message === 'string',
      `${answer.status} ${JSON.stringify(answer.body)}`,
    );
  } finally {
    await proxy.stop();
  }
}

async function checkClientSession(cluster, a, b) {
  const { email } = await newClient(cluster, { baseUrl: a.baseUrl, name: 'session' });
  const login = await clientLogin(a.baseUrl, email);
  const path = '/api/userDashboard/send/';
  const read = await call(b.baseUrl, 'GET', path, { headers: login.headers });
  const logout = await call(b.baseUrl, 'POST', '/api/userLogout/send', { headers: login.headers });
  const after = await call(a.baseUrl, 'GET', path, { headers: login.headers });
  check(
    'client session across instances',
    login.status === 200 && read.status === 200 && logout.status === 204 && after.status === 401,
    `login on ${a.name} ${login.status}, dashboard on ${b.name} ${read.status}, ` +
      `logout on ${b.name} ${logout.status}, dashboard on ${a.name} ${after.status} (expected 200, 200, 204, 401)`,
  );
}

async function checkStaffSession(a, b) {
  const login = await call(a.baseUrl, 'POST', '/api/adminLogin/adminLogin', {
    ip: freshIp(),
    body: OWNER,
  });
  const headers = { 'x-auth-token': login.body?.token };
  const path = '/api/adminDashboard/adminDashboard';
  const read = await call(b.baseUrl, 'GET', path, { headers });
  const logout = await call(b.baseUrl, 'POST', '/api/adminLogout/adminLogout', { headers });
  const after = await call(a.baseUrl, 'GET', path, { headers });
  check(
    'staff session across instances',
    login.status === 200 && read.status === 200 && logout.status === 204 && after.status === 401,
    `login on ${a.name} ${login.status}, profile on ${b.name} ${read.status}, ` +
      `logout on ${b.name} ${logout.status}, profile on ${a.name} ${after.status} (expected 200, 200, 204, 401)`,
  );
}

async function checkProxiedSession(cluster) {
  const { email } = await newClient(cluster, { baseUrl: cluster.proxy.url, name: 'proxied' });
  const before = [...cluster.proxy.counts];
  const login = await clientLogin(cluster.proxy.url, email);
  const reads = [];
  for (let i = 0; i < 4 * cluster.instances.length; i += 1) {
    reads.push(
      await call(cluster.proxy.url, 'GET', '/api/userDashboard/send/', { headers: login.headers }),
    );
  }
  const logout = await call(cluster.proxy.url, 'POST', '/api/userLogout/send', {
    headers: login.headers,
  });
  const after = [];
  for (let i = 0; i < cluster.instances.length; i += 1) {
    after.push(
      await call(cluster.proxy.url, 'GET', '/api/userDashboard/send/', { headers: login.headers }),
    );
  }
  const spread = cluster.proxy.counts.map((count, i) => `${label(i)} ${count - before[i]}`);
  const ok200 = reads.filter((r) => r.status === 200).length;
  const ok401 = after.filter((r) => r.status === 401).length;
  check(
    'session through the proxy',
    login.status === 200 &&
      ok200 === reads.length &&
      logout.status === 204 &&
      ok401 === after.length,
    `login ${login.status}, ${ok200}/${reads.length} dashboard reads 200, logout ${logout.status}, ` +
      `then ${ok401}/${after.length} reads 401 (one per instance); requests ${spread.join(', ')}`,
  );
}

async function checkIdempotency(cluster, a, b, staffHeaders) {
  const client = await newClient(cluster, {
    baseUrl: b.baseUrl,
    name: 'idempotent',
    verify: true,
    creditMinor: IDEMPOTENT_BALANCE_MINOR,
    staffHeaders,
  });
  const login = await clientLogin(a.baseUrl, client.email);
  const headers = { ...login.headers, 'idempotency-key': randomUUID() };
  const body = { amountMinor: IDEMPOTENT_AMOUNT_MINOR, ...WITHDRAWAL };
  const send = (instance) => call(instance.baseUrl, 'POST', '/api/withdrawals', { headers, body });
  const answers = await Promise.all([send(a), send(b)]);
  answers.push(await send(a), await send(b));
  const ids = new Set(answers.map((answer) => answer.body?.request?.id));
  const summary = await must(200, a.baseUrl, 'GET', '/api/money/summary', {
    headers: login.headers,
  });
  const open = await must(200, b.baseUrl, 'GET', '/api/money-requests?open=true', {
    headers: login.headers,
  });
  const withdrawals = open.items.filter((item) => item.type === 'withdrawal').length;
  const expected = IDEMPOTENT_BALANCE_MINOR - IDEMPOTENT_AMOUNT_MINOR;
  check(
    'idempotency across instances',
    answers.every((answer) => answer.status === 201) &&
      ids.size === 1 &&
      withdrawals === 1 &&
      summary.availableMinor === expected &&
      summary.heldMinor === IDEMPOTENT_AMOUNT_MINOR,
    `one key sent to ${a.name}+${b.name} at once, then ${a.name}, ${b.name}: statuses ` +
      `${answers.map((answer) => answer.status).join(', ')}, ${ids.size} request id, ` +
      `${withdrawals} withdrawal request; available ${dollars(IDEMPOTENT_BALANCE_MINOR)} → ` +
      `${dollars(summary.availableMinor)}, held ${dollars(summary.heldMinor)} (moved once: ${dollars(expected)})`,
  );
}

async function checkLockout(cluster) {
  const { instances } = cluster;
  const { email } = await newClient(cluster, { baseUrl: instances[0].baseUrl, name: 'lockout' });
  const failures = await Promise.all(
    Array.from({ length: LOCKOUT_FAILURES }, (_, i) =>
      call(instances[i % instances.length].baseUrl, 'POST', '/api/userLogin/send', {
        ip: freshIp(),
        body: { email, password: 'not-the-password-1' },
      }),
    ),
  );
  const refused = failures.filter((answer) => answer.status === 401).length;
  const after = [];
  for (const instance of instances) {
    const answer = await clientLogin(instance.baseUrl, email);
    after.push({ instance, status: answer.status, code: answer.body?.code });
  }
  const locked = after.filter((a) => a.status === 429 && a.code === 'LOCKED_OUT').length;
  check(
    'login lock-out across instances',
    refused === LOCKOUT_FAILURES && locked === instances.length,
    `${refused}/${LOCKOUT_FAILURES} wrong passwords 401, spread ${instances.map((_, i) => `${label(i)} ${failures.filter((__, j) => j % instances.length === i).length}`).join(', ')}; ` +
      `then the right password: ${after.map((a) => `${a.instance.name} ${a.status} ${a.code ?? ''}`.trim()).join(', ')} (expected 429 LOCKED_OUT on every instance)`,
  );
}

async function checkIpLimit(cluster) {
  const ip = freshIp();
  const { proxy } = cluster;
  const before = [...proxy.counts];
  const attempt = () =>
    call(proxy.url, 'POST', '/api/userLogin/send', {
      ip,
      body: { email: `cluster-nobody-${randomUUID()}@example.com`, password: 'whatever-123' },
    });
  const allowed = await Promise.all(Array.from({ length: AUTH_LIMIT_PER_MINUTE }, attempt));
  const over = [];
  for (let i = 0; i < cluster.instances.length; i += 1) over.push(await attempt());
  const refused = allowed.filter((answer) => answer.status === 401).length;
  const limited = over.filter(
    (answer) => answer.status === 429 && answer.body?.code === 'RATE_LIMITED',
  ).length;
  const spread = proxy.counts.map((count, i) => `${label(i)} ${count - before[i]}`);
  check(
    'per-IP auth limit across instances',
    refused === AUTH_LIMIT_PER_MINUTE && limited === over.length,
    `${refused}/${AUTH_LIMIT_PER_MINUTE} logins from one address through the proxy 401, the next ` +
      `${over.length}: ${over.map((answer) => answer.status).join(', ')} (expected 429 RATE_LIMITED); ` +
      `requests ${spread.join(', ')}`,
  );
}

async function checkBurst(cluster, staffHeaders) {
  const { instances } = cluster;
  const client = await newClient(cluster, {
    baseUrl: instances[0].baseUrl,
    name: 'burst',
    verify: true,
    creditMinor: BURST_BALANCE_MINOR,
    staffHeaders,
  });
  const login = await clientLogin(instances[1].baseUrl, client.email);
  const start = await must(200, instances[0].baseUrl, 'GET', '/api/money/summary', {
    headers: login.headers,
  });
  const balance = start.availableMinor;
  const expectedAccepted = Math.floor(balance / BURST_AMOUNT_MINOR);

  // While the burst runs, one reader after another watches the available balance.
  let bursting = true;
  let lowestSeen = balance;
  let samples = 0;
  const watcher = (async () => {
    for (let i = 0; bursting; i += 1) {
      const answer = await call(
        instances[i % instances.length].baseUrl,
        'GET',
        '/api/money/summary',
        {
          headers: login.headers,
        },
      );
      if (answer.status === 200) {
        samples += 1;
        lowestSeen = Math.min(lowestSeen, answer.body.availableMinor);
      }
    }
  })();

  const body = { amountMinor: BURST_AMOUNT_MINOR, ...WITHDRAWAL };
  const burstStarted = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BURST_REQUESTS }, async (_, i) => {
      const instance = i % instances.length;
      const answer = await call(instances[instance].baseUrl, 'POST', '/api/withdrawals', {
        headers: { ...login.headers, 'idempotency-key': randomUUID() },
        body,
      });
      return { ...answer, instance };
    }),
  );
  const wallMs = performance.now() - burstStarted;
  bursting = false;
  await watcher;

  const accepted = answers.filter((answer) => answer.status === 201);
  const insufficient = answers.filter(
    (answer) => answer.status === 409 && answer.body?.code === 'INSUFFICIENT_FUNDS',
  );
  const other = answers.filter((answer) => answer.status !== 201 && !insufficient.includes(answer));
  const serverErrors = answers.filter((answer) => answer.status >= 500 || answer.status === 0);
  const otherStatuses = new Map();
  for (const answer of other) {
    const key = `${answer.status} ${answer.body?.code ?? answer.body?.message ?? ''}`.trim();
    otherStatuses.set(key, (otherStatuses.get(key) ?? 0) + 1);
  }
  check(
    `${grouped(BURST_REQUESTS)} parallel withdrawals over ${instances.length} instances`,
    balance === BURST_BALANCE_MINOR &&
      accepted.length === expectedAccepted &&
      insufficient.length === BURST_REQUESTS - expectedAccepted &&
      other.length === 0,
    `${dollars(BURST_AMOUNT_MINOR)} each from ${dollars(balance)}: ${accepted.length} accepted ` +
      `(⌊${balance} / ${BURST_AMOUNT_MINOR}⌋ = ${expectedAccepted}), ${insufficient.length} × 409 ` +
      `INSUFFICIENT_FUNDS, ${serverErrors.length} × 5xx or no answer, ${other.length} other` +
      (otherStatuses.size > 0
        ? ` (${[...otherStatuses].map(([key, count]) => `${count} × ${key}`).join(', ')})`
        : ''),
  );

  const end = await must(200, instances[1].baseUrl, 'GET', '/api/money/summary', {
    headers: login.headers,
  });
  const expectedAvailable = balance - accepted.length * BURST_AMOUNT_MINOR;
  check(
    'available balance after the burst',
    end.availableMinor === expectedAvailable && end.availableMinor >= 0 && lowestSeen >= 0,
    `${dollars(end.availableMinor)} = ${dollars(balance)} − ${accepted.length} × ` +
      `${dollars(BURST_AMOUNT_MINOR)} (expected ${dollars(expectedAvailable)}), held ` +
      `${dollars(end.heldMinor)}; lowest of ${samples} readings during the burst ${dollars(lowestSeen)}`,
  );

  const sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
  let rows;
  try {
    rows = Number(
      (
        await sql.query(
          `select count(*) from client_transactions where client_id = $1 and type = 'withdrawal'`,
          [client.id],
        )
      ).rows[0].count,
    );
  } finally {
    await sql.end();
  }
  check(
    'withdrawal requests stored',
    rows === accepted.length,
    `${rows} rows in client_transactions for ${accepted.length} answers 201`,
  );

  const ledger = await ledgerCheck({ dataDir: cluster.dataDir, databaseUrl: cluster.databaseUrl });
  check('ledger:check', ledger.ok, ledger.summary);

  const latencies = answers.map((answer) => answer.ms).sort((x, y) => x - y);
  const perInstance = instances.map((instance, i) => {
    const mine = answers.filter((answer) => answer.instance === i);
    const won = mine.filter((answer) => answer.status === 201).length;
    return `${instance.name} ${mine.length} (${won} accepted)`;
  });
  say(
    `  burst: wall ${grouped(Math.round(wallMs))} ms, ${grouped(Math.round((BURST_REQUESTS / wallMs) * 1000))} req/s, ` +
      `latency p50 ${grouped(Math.round(percentile(latencies, 50)))} ms, ` +
      `p99 ${grouped(Math.round(percentile(latencies, 99)))} ms, ` +
      `max ${grouped(Math.round(latencies.at(-1)))} ms; requests per instance: ${perInstance.join(', ')}`,
  );
}

// ---- the run ---------------------------------------------------------------------------------

async function startCluster(count, redisUrl) {
  const databaseUrl = await scratchPostgres();
  const dataDir = scratchDataDir('brokerdesk-cluster-');
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    STAFF_2FA: 'optional',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    TRUST_PROXY: 'true',
    // The burst's $7.00 withdrawals are below the default $10 minimum (MIN_WITHDRAWAL_USD).
    MIN_WITHDRAWAL_USD: '0',
    // Replayed EUR/USD swings, so pending orders trigger within seconds (cluster-trading.mjs).
    ...tradingEnv(dataDir),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  // All at once: concurrent migrations and first-staff creation on one empty database. The
  // clean-up is registered before they are ready, so Ctrl-C during start-up stops them too.
  const started = performance.now();
  const starting = Array.from({ length: count }, () => startProductionServer(env));
  onCleanup(async () => {
    const servers = await Promise.allSettled(starting);
    await Promise.all(
      servers.flatMap((server) => (server.status === 'fulfilled' ? [server.value.stop()] : [])),
    );
  });
  const settled = await Promise.allSettled(starting);
  const startMs = performance.now() - started;
  const failed = settled.filter((result) => result.status === 'rejected');
  if (failed.length > 0) {
    throw new Error(
      `${failed.length} of ${count} instances did not start: ${failed.map((f) => f.reason?.message).join('; ')}`,
    );
  }
  const instances = settled.map((result, i) => ({ ...result.value, name: label(i) }));
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.baseUrl));
  onCleanup(proxy.stop);
  return { databaseUrl, dataDir, instances, proxy, startMs };
}

await main(async () => {
  onCleanup(() =>
    say(
      `clean-up done (instances, proxy, scratch database, data directory); total ${seconds(performance.now() - startedAt)}`,
      { always: true },
    ),
  );
  const count = instanceCount();
  const redisUrl = await findRedis();
  const cluster = await startCluster(count, redisUrl);
  const [a, b] = cluster.instances;
  const database = new URL(cluster.databaseUrl);
  say(
    `cluster: ${count} API instances (${cluster.instances.map((i) => `${i.name} ${i.baseUrl}`).join(', ')}) ` +
      `behind the round-robin proxy ${cluster.proxy.url}`,
  );
  say(
    `  PostgreSQL ${database.host}${database.pathname} (scratch, on ${redacted(POSTGRES_ADMIN_URL)}), ` +
      `Redis ${redisUrl ? redacted(redisUrl) : 'none'}, shared DATA_DIR ${cluster.dataDir}` +
      (process.env.DATABASE_POOL_MAX ? `, DATABASE_POOL_MAX=${process.env.DATABASE_POOL_MAX}` : ''),
  );

  await checkStartup(cluster);
  await checkProxyDeadUpstream();
  const staffHeaders = {
    'x-auth-token': (
      await must(200, a.baseUrl, 'POST', '/api/adminLogin/adminLogin', {
        ip: freshIp(),
        body: OWNER,
      })
    ).token,
  };
  await checkClientSession(cluster, a, b);
  await checkStaffSession(b, a);
  await checkProxiedSession(cluster);
  await checkIdempotency(cluster, a, b, staffHeaders);
  if (redisUrl) {
    await checkLockout(cluster);
    await checkIpLimit(cluster);
  } else {
    const why = 'no Redis (set REDIS_URL or run one on 127.0.0.1:6379); each instance counts alone';
    skip('login lock-out across instances', why);
    skip('per-IP auth limit across instances', why);
  }
  await checkBurst(cluster, staffHeaders);
  await checkSamePrices({ instances: cluster.instances, check });
  // Last: it kills the instance that leads the prices.
  const trader = await newClient(cluster, { baseUrl: a.baseUrl, name: 'trader', staffHeaders });
  const traderLogin = await clientLogin(a.baseUrl, trader.email);
  await checkTriggeredOrders({ cluster, check, clientHeaders: traderLogin.headers });

  say(
    `  proxy: ${cluster.proxy.counts.map((n, i) => `${label(i)} ${n}`).join(', ')} requests, ` +
      `${cluster.proxy.failures} × 502`,
  );
  const failed = results.filter((result) => !result.ok);
  say(
    `${results.length - failed.length} checks passed, ${failed.length} failed` +
      (redisUrl ? '' : ' (cross-instance rate limits NOT checked: no Redis)') +
      ` — ${seconds(performance.now() - startedAt)} before clean-up`,
  );
  if (failed.length > 0) {
    throw plainError(`failed: ${failed.map((f) => f.name).join(', ')}`);
  }
});
