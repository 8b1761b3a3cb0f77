// `node stress/crash.mjs` (issue 7 item 3): random money operations through the real HTTP API
// while the production server is SIGKILLed at random moments and restarted on the same data, on
// PGlite and on PostgreSQL (there the API process is killed, not PostgreSQL). Every operation
// carries an Idempotency-Key. An operation is acknowledged when the server answered it (2xx, or
// a 409 refusal), unacknowledged when the connection died first. Requests go through a TCP
// proxy; before half of the kills it drops the server's answers for a moment, so some operations
// are applied but never acknowledged (a kill alone rarely lands between COMMIT and the reply).
// After each restart most unacknowledged operations are sent again with the same key, as a real
// client would; the rest are abandoned, as by a client that gave up.
//
// At the end the server is SIGKILLed once more and the database is opened directly. The checks:
// - every acknowledged operation's effect exists exactly once (by its key and the id it
//   returned), and a refused one left nothing;
// - an abandoned one is either all there or not there at all;
// - every client's balance and held funds equal what the answers add up to;
// - no statement row, transfer, event, audit record or mail is missing its partners;
// - `ledger:check` passes.
//
//   node stress/crash.mjs [--ops 1000] [--quick] [--engine pglite|postgres|both] [--seed S]
//                         [--concurrency 6]
//
// --quick is --ops 200. The seed picks operations, amounts, kill points and delays. Requests run
// concurrently, so a replay with the same seed repeats the same decisions but not necessarily the
// same interleaving. PostgreSQL: a scratch database on TEST_DATABASE_URL, BENCH_POSTGRES_URL or
// postgres://root@127.0.0.1:5432/test, dropped at the end; without an answer there (and without
// --engine), PGlite only, with a line saying so. Exit 1 on any failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mailText } from '../scripts/dev-outbox.mjs';
import { startProductionServer } from '../scripts/production-server.mjs';

// CI sets TEST_DATABASE_URL; bench/api-lib.mjs reads BENCH_POSTGRES_URL when it loads.
if (process.env.TEST_DATABASE_URL) process.env.BENCH_POSTGRES_URL = process.env.TEST_DATABASE_URL;
const {
  OWNER,
  POSTGRES_ADMIN_URL,
  ROOT,
  main,
  onCleanup,
  openSql,
  ownerHeaders,
  postgresAvailable,
  approveIdentityDocuments,
  registerClient,
  scratchDataDir,
  scratchPostgres,
} = await import('../bench/api-lib.mjs');
const ADMIN_URL = POSTGRES_ADMIN_URL;

const CLIENTS = 6;
const VERIFIED_CLIENTS = 4;
const OPENING_DEPOSIT_MINOR = 2_000_000; // $20,000 per client, before the first kill
const KILL_EVERY = [30, 120]; // operations between kills
const KILL_DELAY_MS = [0, 300]; // after the chosen operation starts
const SWALLOW_SHARE = 0.5; // of kills, preceded by answers lost on the way back
const SWALLOW_MS = [20, 150]; // how long answers are lost before such a kill
const ABANDON_SHARE = 0.25; // of unacknowledged operations, never sent again
const REQUEST_TIMEOUT_MS = 30_000;
const DECISION_TEMPLATES = [
  'deposit-confirmed',
  'deposit-rejected',
  'withdrawal-approved',
  'withdrawal-rejected',
];

const print = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- options ---------------------------------------------------------------------------------

function readOptions() {
  const { values } = parseArgs({
    options: {
      ops: { type: 'string' },
      quick: { type: 'boolean', default: false },
      engine: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string', default: '6' },
    },
  });
  const ops = Number(values.ops ?? (values.quick ? 200 : 1000));
  const concurrency = Number(values.concurrency);
  const seed = values.seed === undefined ? randomBytes(4).readUInt32BE() : Number(values.seed);
  for (const [name, value] of [
    ['--ops', ops],
    ['--concurrency', concurrency],
    ['--seed', seed],
  ]) {
    if (!Number.isSafeInteger(value) || value < 0 || (name !== '--seed' && value < 1)) {
      throw new Error(`${name} must be a whole number`);
    }
  }
  if (values.engine && !['pglite', 'postgres', 'both'].includes(values.engine)) {
    throw new Error('--engine must be pglite, postgres or both');
  }
  return { ops, concurrency, seed, engine: values.engine };
}

/** mulberry32: small, fast, good enough to pick operations; the same seed, the same picks. */
function makeRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[Math.floor(next() * items.length)];
  const weighted = (table) => {
    const total = table.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of table) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return table.at(-1)[0];
  };
  return { next, int, pick, weighted };
}

// ---- databases -------------------------------------------------------------------------------

/** `npm run ledger:check` on the database: its exit code and every line it printed. */
function ledgerCheck(database) {
  const env = { ...process.env, DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/scripts/ledger-check.ts'],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('exit', (code) =>
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString().trim() }),
    );
  });
}

// ---- the server, killed and restarted --------------------------------------------------------

/**
 * A TCP proxy in front of the server, on one port for the whole run (as a load balancer would
 * be). `swallow()` stops passing the server's answers on: requests it completes from then on are
 * applied but never acknowledged — the case an Idempotency-Key exists for, which a kill alone
 * almost never hits (the time between COMMIT and the reply is short). Every client connection
 * closes when the server's does.
 */
async function startProxy() {
  let target = null;
  let swallowing = false;
  const sockets = new Set();
  const proxy = createServer((client) => {
    if (target === null) {
      client.destroy();
      return;
    }
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client);
    const end = () => {
      sockets.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (!swallowing) client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  onCleanup(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => proxy.close(resolve));
  });
  return {
    baseUrl: `http://127.0.0.1:${proxy.address().port}`,
    route(port) {
      target = port;
      swallowing = false;
    },
    swallow() {
      swallowing = true;
    },
  };
}

/**
 * The running incarnation of the server behind the proxy. `ready()` waits while it is down
 * (being restarted); every request is counted against the incarnation it was sent to.
 */
function makeServerGate(proxy) {
  let current = null;
  let opened = null;
  let open = () => {};
  let broken = () => {};
  let failure = null;
  const gate = {
    incarnation: 0,
    inFlight: new Map(),
    async ready() {
      if (failure) throw failure;
      if (current) return { baseUrl: proxy.baseUrl, incarnation: gate.incarnation };
      await opened;
      return gate.ready();
    },
    close() {
      const server = current;
      current = null;
      opened = new Promise((resolve, reject) => {
        open = resolve;
        broken = reject;
      });
      opened.catch(() => {}); // whoever waits sees the failure; nobody waiting is fine too
      return server;
    },
    /** The server will not come back: every waiting and later request fails with `error`. */
    fail(error) {
      failure = error;
      broken(error);
    },
    open(server) {
      current = server;
      proxy.route(Number(new URL(server.baseUrl).port));
      gate.incarnation += 1;
      open();
    },
    get server() {
      return current;
    },
  };
  gate.close();
  return gate;
}

// ---- HTTP ------------------------------------------------------------------------------------

/**
 * One attempt. `status` 0 means no answer (refused, reset, timed out): the operation may or may
 * not have been applied.
 */
async function attempt(gate, op) {
  const { baseUrl, incarnation } = await gate.ready();
  gate.inFlight.set(incarnation, (gate.inFlight.get(incarnation) ?? 0) + 1);
  try {
    const response = await fetch(`${baseUrl}${op.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': op.key, ...op.headers },
      body: JSON.stringify(op.body ?? {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { raw: text.slice(0, 200) };
    }
    return { status: response.status, body, incarnation };
  } catch (error) {
    // No answer (closed, reset, timed out): the operation may or may not have been applied.
    const cause = error instanceof Error ? error.cause : undefined;
    const code = cause?.code ?? (error instanceof Error ? error.name : 'error');
    return { status: 0, code, incarnation };
  } finally {
    gate.inFlight.set(incarnation, gate.inFlight.get(incarnation) - 1);
  }
}

async function postJson(baseUrl, path, body, headers = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

// ---- set-up ----------------------------------------------------------------------------------

/** The verification token registration mailed to `email` (DATA_DIR/outbox, no SMTP_URL). */
async function mailedVerificationToken(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    let names = [];
    try {
      names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      // Not created until the first mail is written.
    }
    for (const name of names) {
      const eml = readFileSync(join(outbox, name), 'utf8');
      if (!eml.toLowerCase().includes(email.toLowerCase())) continue;
      const token = /\/verifyEmail#token=([A-Za-z0-9_-]{43})/.exec(mailText(eml))?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${outbox}`);
    await sleep(200);
  }
}

// ---- operations ------------------------------------------------------------------------------

const DEPOSIT_METHODS = ['bitcoin', 'bank-transfer', 'neteller', 'skrill', 'webmoney'];
const WITHDRAWAL_METHODS = ['bitcoin', 'bank-transfer', 'neteller', 'skrill'];
const PLAN_IDS = ['basic', 'deluxe'];

const dollars = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * What the run knows from the answers it got: the clients, and the requests it saw created and
 * not yet seen resolved (targets for cancels, confirmations, approvals and rejections).
 */
function makeWorld(clients, staffHeaders) {
  return {
    clients,
    staffHeaders,
    verified: clients.filter((client) => client.verified),
    pendingDeposits: new Set(),
    pendingWithdrawals: new Map(), // id → client
  };
}

/** Picks the next operation from the run's state; every op has its own idempotency key. */
function nextOperation(world, random, runId, index) {
  const kind = random.weighted([
    ['deposit', 12],
    ['withdrawal', 14],
    ['cancel', 6],
    ['confirm', 10],
    ['reject-deposit', 4],
    ['approve', 8],
    ['reject-withdrawal', 4],
    ['posting', 18],
    ['seed', 14],
    ['subscribe', 6],
  ]);
  const key = `${runId}-${index}`;
  const staff = world.staffHeaders;
  const verified = random.pick(world.verified);
  const anyClient = random.pick(world.clients);
  const reason = 'Crash test';

  // A client's own request: [path, body] by kind.
  const clientRequest = {
    deposit: () => [
      '/api/deposits',
      { amountMinor: random.int(5_000, 200_000), method: random.pick(DEPOSIT_METHODS) },
    ],
    withdrawal: () => [
      '/api/withdrawals',
      {
        amountMinor: random.int(1_000, 300_000),
        method: random.pick(WITHDRAWAL_METHODS),
        destination: `crash-wallet-${random.int(1, 99)}`,
      },
    ],
    subscribe: () => ['/api/subscriptions', { planId: random.pick(PLAN_IDS) }],
  }[kind];
  if (clientRequest) {
    const [path, body] = clientRequest();
    return {
      kind,
      key,
      actor: `client:${verified.id}`,
      clientId: verified.id,
      path,
      headers: verified.headers,
      body,
    };
  }
  const deposits = [...world.pendingDeposits];
  const withdrawals = [...world.pendingWithdrawals.keys()];
  if (kind === 'cancel' && withdrawals.length > 0) {
    // Cancelling needs no verified e-mail: any owner may cancel, incl. a staff-opened hold.
    const id = random.pick(withdrawals);
    const owner = world.pendingWithdrawals.get(id);
    return {
      kind,
      key,
      actor: `client:${owner.id}`,
      targetId: id,
      path: `/api/withdrawals/${id}/cancel`,
      headers: owner.headers,
    };
  }
  const resolution = {
    confirm: ['deposits', 'confirm', deposits],
    'reject-deposit': ['deposits', 'reject', deposits],
    approve: ['withdrawals', 'approve', withdrawals],
    'reject-withdrawal': ['withdrawals', 'reject', withdrawals],
  }[kind];
  if (resolution && resolution[2].length > 0) {
    const [what, verb, ids] = resolution;
    const id = random.pick(ids);
    return {
      kind,
      key,
      actor: 'staff',
      targetId: id,
      path: `/api/staff/${what}/${id}/${verb}`,
      headers: staff,
      body: verb === 'reject' ? { reason } : undefined,
    };
  }
  if (kind === 'seed') {
    const type = random.weighted([
      ['Deposit', 4],
      ['Withdrawal', 3],
      ['Profit', 2],
      ['Bonus', 2],
    ]);
    // Pending opens a request (deposits and withdrawals only); Failed records, moves nothing.
    const status = random.weighted([
      ['Completed', 16],
      ['Pending', type === 'Deposit' || type === 'Withdrawal' ? 3 : 0],
      ['Failed', 1],
    ]);
    return {
      kind,
      key,
      actor: 'staff',
      clientId: anyClient.id,
      path: '/api/transactions/transaction',
      headers: staff,
      body: {
        userId: anyClient.id,
        type,
        amount: dollars(random.int(1_000, 150_000)),
        status,
        date: new Date().toISOString(),
      },
    };
  }
  // A staff posting (also the fallback when a resolution has nothing to act on).
  const type = random.weighted([
    ['profit', 4],
    ['bonus', 3],
    ['ref_bonus', 1],
    ['adjustment', 3],
  ]);
  const direction = type === 'adjustment' && random.next() < 0.6 ? 'debit' : 'credit';
  return {
    kind: 'posting',
    key,
    actor: 'staff',
    clientId: anyClient.id,
    path: `/api/staff/clients/${anyClient.id}/postings`,
    headers: staff,
    body: {
      type,
      direction,
      amountMinor: random.int(100, direction === 'debit' ? 60_000 : 80_000),
      reason,
    },
  };
}

/** 409 is the one refusal a random run expects (funds short, request already resolved). */
const EXPECTED_REFUSALS = new Set([409]);

/** Learns from an answer: new requests become targets, resolved ones stop being targets. */
function learn(world, op) {
  const { status, body } = op.answer;
  const request = body?.request ?? body?.transaction;
  if (status >= 200 && status < 300 && request?.status === 'pending') {
    const owner = world.clients.find((client) => client.id === (op.clientId ?? ''));
    if (request.type === 'deposit') world.pendingDeposits.add(request.id);
    if (request.type === 'withdrawal' && owner) world.pendingWithdrawals.set(request.id, owner);
  }
  if (op.targetId && (status === 200 || status === 409)) {
    world.pendingDeposits.delete(op.targetId);
    world.pendingWithdrawals.delete(op.targetId);
  }
}

// ---- one engine ------------------------------------------------------------------------------

async function runEngine(kind, options) {
  const started = Date.now();
  const random = makeRandom(options.seed + (kind === 'postgres' ? 1 : 0));
  const runId = `crash-${options.seed}-${randomBytes(3).toString('hex')}`;
  const dataDir = scratchDataDir('brokerdesk-crash-');
  const database = { kind, dataDir };
  if (kind === 'postgres') database.databaseUrl = await scratchPostgres();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
    STAFF_2FA: 'optional',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
  };
  const tag = `[${kind}]`;

  const proxy = await startProxy();
  const gate = makeServerGate(proxy);
  // On Ctrl-C or a failure, the server that runs or is starting is killed before its data goes.
  let starting = null;
  const startServer = () => {
    starting = startProductionServer(env);
    return starting.finally(() => {
      starting = null;
    });
  };
  onCleanup(async () => {
    const pending = starting?.catch(() => null);
    await gate.server?.kill();
    await (await pending)?.kill();
  });
  gate.open(await startServer());

  // Set-up: the owner, clients (some verified), an opening deposit each. No kills yet.
  const setupStarted = Date.now();
  const { baseUrl } = await gate.ready();
  const staffHeaders = await ownerHeaders(baseUrl);
  const clients = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const client = await registerClient(baseUrl, staffHeaders);
    client.verified = i < VERIFIED_CLIENTS;
    if (client.verified) {
      const token = await mailedVerificationToken(dataDir, client.email);
      await postJson(baseUrl, '/api/email/verify', { token });
      // Withdrawals, and deposits past the limit before documents, need approved documents.
      await approveIdentityDocuments(baseUrl, client.headers, staffHeaders);
    }
    clients.push(client);
  }
  const ops = [];
  for (const client of clients) {
    const op = {
      kind: 'seed',
      setup: true,
      key: `${runId}-opening-${client.id}`,
      actor: 'staff',
      clientId: client.id,
      path: '/api/transactions/transaction',
      headers: staffHeaders,
      body: { userId: client.id, type: 'Deposit', amount: dollars(OPENING_DEPOSIT_MINOR) },
    };
    op.answer = await attempt(gate, op);
    if (op.answer.status !== 201) throw new Error(`opening deposit: ${JSON.stringify(op.answer)}`);
    ops.push(op);
  }
  const world = makeWorld(clients, staffHeaders);
  print(
    `${tag} set-up: owner, ${CLIENTS} clients (${VERIFIED_CLIENTS} with a verified e-mail), ` +
      `$${dollars(OPENING_DEPOSIT_MINOR)} opening deposit each — ${seconds(Date.now() - setupStarted)}`,
  );

  // The run: `concurrency` workers, kills at random points, retries after each restart.
  const runStarted = Date.now();
  const stats = {
    kills: 0,
    restartMs: [],
    unacknowledged: 0,
    swallowKills: 0,
    retried: 0,
    killedAt: new Map(), // incarnation → time of its SIGKILL
    abandoned: [],
    serverErrors: 0,
  };
  let issued = 0;
  let nextKillAt = random.int(...KILL_EVERY);
  let killing = null;
  let unanswered = []; // ops without an answer since the last restart

  const settle = async (op) => {
    op.answer = await attempt(gate, op);
    op.attempts = (op.attempts ?? 0) + 1;
    if (op.answer.status === 0 || op.answer.status >= 500) {
      if (op.answer.status >= 500) stats.serverErrors += 1;
      if (op.attempts === 1) {
        stats.unacknowledged += 1;
        op.firstFailure = op.answer;
      }
      unanswered.push(op);
      return;
    }
    learn(world, op);
  };

  const crashAndRestart = async () => {
    // Half the kills first let the server finish requests whose answers are then lost.
    if (random.next() < SWALLOW_SHARE) {
      proxy.swallow();
      stats.swallowKills += 1;
      await sleep(random.int(...SWALLOW_MS));
    }
    const server = gate.close();
    const crashIncarnation = gate.incarnation;
    const killedAt = Date.now();
    stats.killedAt.set(crashIncarnation, killedAt);
    await server.kill('SIGKILL');
    stats.kills += 1;
    // Requests to the dead server all end (refused or reset) before the restart.
    while ((gate.inFlight.get(crashIncarnation) ?? 0) > 0) await sleep(10);
    const restarted = await startServer();
    stats.restartMs.push(Date.now() - killedAt);
    gate.open(restarted);
    // A real client repeats what got no answer, with the same key; some give up instead.
    for (let round = 0; unanswered.length > 0; round += 1) {
      if (round > 5) throw new Error(`${unanswered.length} operations never got an answer`);
      if (round > 0) await sleep(500);
      const batch = unanswered;
      unanswered = [];
      await Promise.all(
        batch.map(async (op) => {
          if (op.attempts === 1 && random.next() < ABANDON_SHARE) {
            op.abandoned = true;
            stats.abandoned.push(op);
            return;
          }
          if (op.attempts === 1) stats.retried += 1;
          await settle(op);
        }),
      );
    }
  };

  const worker = async () => {
    while (issued < options.ops) {
      await gate.ready(); // waits only while the server is down
      if (issued >= options.ops) break;
      const index = issued;
      issued += 1;
      if (index >= nextKillAt && !killing) {
        nextKillAt = index + random.int(...KILL_EVERY);
        const delay = random.int(...KILL_DELAY_MS);
        const kill = stats.kills + 1;
        killing = sleep(delay)
          .then(crashAndRestart)
          .catch((error) => {
            gate.fail(new Error(`after kill ${kill}: ${error.message}`, { cause: error }));
          })
          .finally(() => {
            killing = null;
          });
      }
      const op = nextOperation(world, random, runId, index);
      ops.push(op);
      await settle(op);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (killing) await killing;
  // Anything the last restart's retries or the tail of the run left unanswered (the server is up).
  for (let round = 0; unanswered.length > 0; round += 1) {
    if (round > 5) throw new Error(`${unanswered.length} operations never got an answer`);
    if (round > 0) await sleep(500);
    const batch = unanswered;
    unanswered = [];
    await Promise.all(batch.map(settle));
  }
  const runMs = Date.now() - runStarted;

  // The end: the server is killed once more (PGlite must come back from that too) and the
  // database is read directly.
  await gate.close().kill('SIGKILL');
  stats.kills += 1;

  const counts = tally(ops);
  print(
    `${tag} ops run ${counts.run}: acknowledged ${counts.acknowledged} ` +
      `(2xx ${counts.succeeded}, 409 ${counts.refused}), ` +
      `unacknowledged at first ${stats.unacknowledged} → retried with the same key ${stats.retried}, ` +
      `abandoned ${stats.abandoned.length}; 5xx answers ${stats.serverErrors}`,
  );
  const restarts = stats.restartMs;
  const mean = restarts.reduce((sum, ms) => sum + ms, 0) / Math.max(1, restarts.length);
  print(
    `${tag} kills ${stats.kills} (${restarts.length} mid-run, ${stats.swallowKills} of them after ` +
      `answers were lost, + 1 at the end), restart ` +
      `(kill → ready) mean ${seconds(mean)}, min ${seconds(Math.min(...restarts))}, ` +
      `max ${seconds(Math.max(...restarts))}; run ${seconds(runMs)}`,
  );

  const verifyStarted = Date.now();
  const failures = [...counts.unexpected];
  const sqlDb = await openSql(database);
  let report;
  try {
    report = await verify(sqlDb, ops, world, stats);
  } finally {
    await sqlDb.close();
  }
  failures.push(...report.failures);
  for (const line of report.lines) print(`${tag} ${line}`);
  const ledger = await ledgerCheck(database);
  print(`${tag} ledger:check: ${ledger.ok ? 'ledger ok' : 'FAILED'}`);
  if (!ledger.ok) {
    for (const line of ledger.output.split('\n')) print(`${tag}   ${line}`);
    failures.push('ledger:check failed');
  }
  print(`${tag} verification ${seconds(Date.now() - verifyStarted)}`);

  const total = Date.now() - started;
  if (failures.length > 0) {
    for (const failure of failures.slice(0, 40)) print(`${tag} FAIL ${failure}`);
    if (failures.length > 40) print(`${tag} … and ${failures.length - 40} more`);
    print(`${tag} FAILED in ${seconds(total)} (seed ${options.seed})`);
  } else {
    print(`${tag} PASS in ${seconds(total)}`);
  }
  return {
    engine: kind,
    ok: failures.length === 0,
    ops: counts.run,
    acknowledged: counts.acknowledged,
    unacknowledged: stats.unacknowledged,
    retried: stats.retried,
    abandoned: stats.abandoned.length,
    kills: stats.kills,
    meanRestartMs: Math.round(mean),
    durationMs: total,
  };
}

function tally(ops) {
  const run = ops.filter((op) => !op.setup);
  const answered = run.filter((op) => !op.abandoned);
  const succeeded = answered.filter((op) => op.answer.status >= 200 && op.answer.status < 300);
  const refused = answered.filter((op) => EXPECTED_REFUSALS.has(op.answer.status));
  const unexpected = answered
    .filter((op) => !succeeded.includes(op) && !refused.includes(op))
    .map((op) => `${op.kind} ${op.key}: answered ${op.answer.status} ${JSON.stringify(op.answer)}`);
  return {
    run: run.length,
    acknowledged: succeeded.length + refused.length,
    succeeded: succeeded.length,
    refused: refused.length,
    unexpected,
  };
}

// ---- verification ----------------------------------------------------------------------------

const RESOLUTION_OF = {
  confirm: { event: 'confirmed', status: 'completed' },
  'reject-deposit': { event: 'rejected', status: 'rejected' },
  approve: { event: 'approved', status: 'completed' },
  'reject-withdrawal': { event: 'rejected', status: 'rejected' },
  cancel: { event: 'cancelled', status: 'cancelled' },
};

const num = (value) => (value === null || value === undefined ? null : Number(value));

/**
 * Checks the database against the answers. Returns report lines and failures (empty = pass).
 */
async function verify(sqlDb, ops, world, { abandoned, killedAt }) {
  const failures = [];
  const fail = (message) => failures.push(message);
  const lines = [];

  const [owner] = await sqlDb.query(`select id from staff where username = $1`, [OWNER.username]);
  const staffActor = `staff:${owner.id}`;
  const actorOf = (op) => (op.actor === 'staff' ? staffActor : op.actor);

  const rows = await sqlDb.query(
    `select id, client_id, type, direction, amount_minor, fee_minor, status, transfer_id,
       fee_transfer_id, related_id, subscription_id, created_by, idempotency_key, created_at
     from client_transactions`,
  );
  const rowByKey = new Map();
  const rowById = new Map();
  for (const row of rows) {
    row.amount_minor = num(row.amount_minor);
    row.fee_minor = num(row.fee_minor);
    rowById.set(row.id, row);
    if (row.idempotency_key) rowByKey.set(`${row.created_by} ${row.idempotency_key}`, row);
  }
  const events = await sqlDb.query(
    `select id, transaction_id, kind, actor, idempotency_key, created_at
     from client_transaction_events`,
  );
  const eventByKey = new Map();
  const eventsOf = new Map();
  for (const event of events) {
    if (event.idempotency_key) eventByKey.set(`${event.actor} ${event.idempotency_key}`, event);
    const list = eventsOf.get(event.transaction_id) ?? [];
    list.push(event);
    eventsOf.set(event.transaction_id, list);
  }
  const subscriptions = await sqlDb.query(
    `select id, client_id, amount_minor, bonus_minor, purchase_transaction_id, created_by,
       idempotency_key, created_at from subscriptions`,
  );
  const subscriptionByKey = new Map();
  for (const subscription of subscriptions) {
    subscription.amount_minor = num(subscription.amount_minor);
    subscription.bonus_minor = num(subscription.bonus_minor);
    if (subscription.idempotency_key) {
      subscriptionByKey.set(
        `${subscription.created_by} ${subscription.idempotency_key}`,
        subscription,
      );
    }
  }
  const transfers = new Map(
    (
      await sqlDb.query(
        `select t.id, t.kind, t.state, t.amount_minor, d.client_id as debit_client
         from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id`,
      )
    ).map((transfer) => [transfer.id, { ...transfer, amount_minor: num(transfer.amount_minor) }]),
  );

  // 1. Every operation with an answer (or abandoned and found applied): its effect once.
  const creation = new Set(['deposit', 'withdrawal', 'posting', 'seed']);
  const applied = []; // ops whose effect is in the database
  let abandonedApplied = 0;
  let replayed = 0; // sent again, though the attempt the kill cut off had been applied
  let refusals = 0;
  const beforeKill = (op, found) =>
    new Date(found.created_at).getTime() < killedAt.get(op.firstFailure.incarnation);
  for (const op of ops) {
    const key = `${actorOf(op)} ${op.key}`;
    const found =
      op.kind === 'subscribe'
        ? subscriptionByKey.get(key)
        : creation.has(op.kind)
          ? rowByKey.get(key)
          : eventByKey.get(key);
    if (op.abandoned) {
      if (found) {
        abandonedApplied += 1;
        applied.push({ op, found });
      }
      continue;
    }
    const { status, body } = op.answer;
    if (status === 409) {
      refusals += 1;
      if (found) fail(`${op.kind} ${op.key} was refused (409) but its effect exists`);
      continue;
    }
    if (status < 200 || status >= 300) continue; // reported by tally()
    if (!found) {
      fail(`${op.kind} ${op.key} was acknowledged (${status}) but is not in the database`);
      continue;
    }
    const answeredId =
      op.kind === 'subscribe' ? body.subscription?.id : (body.request ?? body.transaction)?.id;
    // A creation's key finds the row it answered; a resolution's key finds its event, on the
    // request it was sent for and answered about.
    const storedId = RESOLUTION_OF[op.kind] ? found.transaction_id : found.id;
    const targetId = RESOLUTION_OF[op.kind] ? op.targetId : answeredId;
    if (storedId !== answeredId || storedId !== targetId) {
      fail(
        `${op.kind} ${op.key}: answered ${answeredId}, sent for ${targetId}, key finds ${storedId}`,
      );
    }
    if (op.firstFailure && op.firstFailure.status === 0 && beforeKill(op, found)) replayed += 1;
    applied.push({ op, found });
  }
  const appliedCreations = applied.filter(({ op }) => creation.has(op.kind)).length;
  const appliedSubscriptions = applied.filter(({ op }) => op.kind === 'subscribe').length;
  const appliedResolutions = applied.length - appliedCreations - appliedSubscriptions;
  // Nothing else carries a key: no row from a request the run does not know of, no duplicate.
  const keyedRows = rows.filter((row) => row.idempotency_key).length;
  const keyedSubscriptions = subscriptions.filter((s) => s.idempotency_key).length;
  const keyedEvents = events.filter((event) => event.idempotency_key).length;
  if (keyedRows !== appliedCreations) {
    fail(`statement rows with a key: ${keyedRows}, operations applied: ${appliedCreations}`);
  }
  if (keyedSubscriptions !== appliedSubscriptions) {
    fail(`subscriptions with a key: ${keyedSubscriptions}, applied: ${appliedSubscriptions}`);
  }
  if (keyedEvents !== appliedResolutions) {
    fail(`events with a key: ${keyedEvents}, resolutions applied: ${appliedResolutions}`);
  }
  lines.push(
    `exactly once: ${applied.length - abandonedApplied} acknowledged 2xx operations (incl. ` +
      `${ops.length - ops.filter((op) => !op.setup).length} of set-up) found once each by key ` +
      `and id; ${refusals} refused (409) left nothing; no stray keyed rows ` +
      `(${keyedRows} statement rows, ${keyedSubscriptions} subscriptions, ${keyedEvents} ` +
      `resolution events)`,
  );
  lines.push(
    `cut off by a kill: ${replayed} retried operations had been applied before the kill and ` +
      `were replayed, not repeated; abandoned ${abandoned.length}: ${abandonedApplied} applied ` +
      `whole, ${abandoned.length - abandonedApplied} absent`,
  );

  // 2. Each request resolved at most once, to the status of the resolution that was applied.
  const resolutionsOf = new Map();
  for (const { op, found } of applied) {
    if (!RESOLUTION_OF[op.kind]) continue;
    const list = resolutionsOf.get(found.transaction_id) ?? [];
    list.push(op);
    resolutionsOf.set(found.transaction_id, list);
  }
  for (const [id, list] of resolutionsOf) {
    if (list.length > 1) fail(`request ${id} resolved ${list.length} times`);
    const row = rowById.get(id);
    const expected = RESOLUTION_OF[list[0].kind];
    if (row?.status !== expected.status) {
      fail(`request ${id}: ${list[0].kind} applied, status is ${row?.status}`);
    }
  }

  // 3. Balances: what the applied operations add up to, against the ledger's totals.
  const expected = new Map(world.clients.map((client) => [client.id, { balance: 0, held: 0 }]));
  const add = (clientId, field, amount) => {
    const entry = expected.get(clientId);
    if (entry) entry[field] += amount;
  };
  for (const { op, found } of applied) {
    if (op.kind === 'subscribe') {
      add(found.client_id, 'balance', found.bonus_minor - found.amount_minor);
    } else if (creation.has(op.kind)) {
      const row = rowById.get(found.id);
      if (row.status === 'failed') continue;
      // Money moves when the row is created completed (staff postings, the seed call's default)
      // or when a confirmation or approval of the request was applied; a request nobody
      // resolved still holds a withdrawal's amount and fee.
      const createdCompleted =
        op.kind === 'posting' ||
        (op.kind === 'seed' && (op.body.status ?? 'Completed') === 'Completed');
      const resolution = resolutionsOf.get(row.id)?.[0]?.kind;
      const total = row.amount_minor + row.fee_minor;
      if (createdCompleted || resolution === 'confirm' || resolution === 'approve') {
        add(row.client_id, 'balance', row.direction === 'credit' ? total : -total);
      }
      if (!createdCompleted && !resolution && row.type === 'withdrawal') {
        add(row.client_id, 'held', total);
      }
    }
  }
  const accounts = await sqlDb.query(
    `select client_id, credits_posted, debits_posted, debits_pending, credits_pending
     from ledger_accounts where client_id is not null`,
  );
  let balanceMismatches = 0;
  for (const account of accounts) {
    const want = expected.get(account.client_id);
    if (!want) continue;
    const balance = num(account.credits_posted) - num(account.debits_posted);
    const held = num(account.debits_pending);
    if (balance !== want.balance || held !== want.held || num(account.credits_pending) !== 0) {
      balanceMismatches += 1;
      fail(
        `client ${account.client_id}: ledger balance ${balance}, held ${held}; ` +
          `the answers add up to balance ${want.balance}, held ${want.held}`,
      );
    }
  }
  if (accounts.length !== world.clients.length) {
    fail(`${accounts.length} client cash accounts for ${world.clients.length} clients`);
  }
  lines.push(
    `balances: ${world.clients.length - balanceMismatches}/${world.clients.length} clients' ` +
      `balance and held funds equal what the acknowledged answers add up to`,
  );

  // 4. Nothing half-applied, over the whole database.
  const half = [];
  const transferUses = new Map();
  for (const row of rows) {
    for (const id of [row.transfer_id, row.fee_transfer_id]) {
      if (id) transferUses.set(id, (transferUses.get(id) ?? 0) + 1);
    }
  }
  for (const [id] of transfers) {
    const uses = transferUses.get(id) ?? 0;
    if (uses !== 1) half.push(`transfer ${id} belongs to ${uses} statement rows`);
  }
  for (const row of rows) {
    const own = eventsOf.get(row.id) ?? [];
    const creations = own.filter((e) => ['requested', 'recorded', 'failed'].includes(e.kind));
    const resolutions = own.filter((e) =>
      ['confirmed', 'approved', 'rejected', 'cancelled'].includes(e.kind),
    );
    if (creations.length !== 1) half.push(`row ${row.id} has ${creations.length} creation events`);
    if (resolutions.length > 1) half.push(`row ${row.id} has ${resolutions.length} resolutions`);
    const resolved = resolutions[0]?.kind;
    const statusFor = { confirmed: 'completed', approved: 'completed' };
    if (resolved && (statusFor[resolved] ?? resolved) !== row.status) {
      half.push(`row ${row.id} is ${row.status} after a '${resolved}' event`);
    }
    if (row.status === 'pending' && resolved) half.push(`pending row ${row.id} has '${resolved}'`);
    const byClient = row.created_by.startsWith('client:');
    if (byClient && ['deposit', 'withdrawal'].includes(row.type)) {
      if (creations[0]?.kind !== 'requested') half.push(`request ${row.id} lacks 'requested'`);
      if (row.status !== 'pending' && !resolved) half.push(`request ${row.id} has no resolution`);
    }
    if (row.type === 'withdrawal' && row.status !== 'failed') {
      const hold = transfers.get(row.transfer_id);
      if (!hold) {
        half.push(`withdrawal ${row.id} has no hold transfer`);
      } else if (hold.debit_client !== row.client_id) {
        half.push(`withdrawal ${row.id}: its hold is on another client's account`);
      }
      const hasFee = row.fee_minor > 0;
      if (hasFee !== Boolean(row.fee_transfer_id)) {
        half.push(
          `withdrawal ${row.id}: fee ${row.fee_minor}, fee transfer ${row.fee_transfer_id}`,
        );
      }
    }
    if (row.status === 'completed' && !row.transfer_id) {
      half.push(`completed ${row.id} moved nothing`);
    }
  }
  for (const subscription of subscriptions) {
    const purchase = rowById.get(subscription.purchase_transaction_id);
    if (subscription.amount_minor > 0 && purchase?.subscription_id !== subscription.id) {
      half.push(`subscription ${subscription.id} has no purchase row`);
    }
    const bonuses = rows.filter(
      (row) => row.type === 'plan_bonus' && row.subscription_id === subscription.id,
    );
    if (bonuses.length !== (subscription.bonus_minor > 0 ? 1 : 0)) {
      half.push(`subscription ${subscription.id} has ${bonuses.length} bonus rows`);
    }
  }
  // Staff actions: one audit record each, and one mail per decision, written with the action.
  const audits = await sqlDb.query(
    `select action, target_id, after->>'transactionId' as transaction_id from audit_log`,
  );
  const auditCount = (predicate) => audits.filter(predicate).length;
  for (const row of rows) {
    if (!row.created_by.startsWith('staff:') || row.type === 'reversal') continue;
    const n = auditCount((audit) => audit.transaction_id === row.id);
    if (n !== 1) half.push(`staff row ${row.id} has ${n} audit records`);
  }
  const decisions = events.filter(
    (event) =>
      event.actor.startsWith('staff:') &&
      ['confirmed', 'approved', 'rejected'].includes(event.kind),
  );
  for (const event of decisions) {
    const row = rowById.get(event.transaction_id);
    const verb = { confirmed: 'confirm', approved: 'approve', rejected: 'reject' }[event.kind];
    const n = auditCount(
      (audit) => audit.target_id === row.id && audit.action === `${row.type}.${verb}`,
    );
    if (n !== 1) half.push(`${row.type} ${row.id} ${event.kind}: ${n} audit records`);
  }
  const [mail] = await sqlDb.query(
    `select count(*) as n from mail_outbox
     where template in (${DECISION_TEMPLATES.map((t) => `'${t}'`).join(', ')})`,
  );
  if (num(mail.n) !== decisions.length) {
    half.push(`${decisions.length} staff decisions, ${num(mail.n)} decision mails`);
  }
  failures.push(...half);
  lines.push(
    `half-applied: ${half.length === 0 ? 'none' : half.length} — ${rows.length} statement rows, ` +
      `${transfers.size} transfers (each in exactly one row), ${events.length} events, ` +
      `${subscriptions.length} subscriptions, ${audits.length} audit records, ` +
      `${decisions.length} decision mails checked`,
  );
  return { lines, failures };
}

// ---- main ------------------------------------------------------------------------------------

await main(async () => {
  const options = readOptions();
  let engines;
  if (options.engine === 'pglite' || options.engine === 'postgres') engines = [options.engine];
  else if (await postgresAvailable()) engines = ['pglite', 'postgres'];
  else if (options.engine === 'both') throw new Error(`no PostgreSQL answers at ${ADMIN_URL}`);
  else {
    engines = ['pglite'];
    print(`PostgreSQL skipped: nothing answers at ${ADMIN_URL} (--engine postgres to insist)`);
  }
  const started = Date.now();
  print(
    `crash test: seed ${options.seed}, ${options.ops} operations, ${options.concurrency} in ` +
      `flight, kills every ${KILL_EVERY.join('–')} operations, engines ${engines.join(', ')}`,
  );
  const results = [];
  for (const engine of engines) {
    try {
      results.push(await runEngine(engine, options));
    } catch (error) {
      print(`[${engine}] FAILED: ${error.message} — replay with --seed ${options.seed}`);
      throw error;
    }
  }
  print(JSON.stringify({ stress: 'crash', seed: options.seed, results }));
  const failed = results.filter((result) => !result.ok).map((result) => result.engine);
  print(
    failed.length === 0
      ? `crash test passed in ${seconds(Date.now() - started)}`
      : `crash test FAILED on ${failed.join(', ')} — replay with --seed ${options.seed}`,
  );
  if (failed.length > 0) {
    const error = new Error('crash test failed');
    error.stack = error.message; // the lines above say why
    throw error;
  }
});
