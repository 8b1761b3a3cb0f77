// Hostile input (issue 7 item 4): a fast-check property test sends ≥ 10,000 generated requests
// (`npm run fuzz`; `npm test` runs its quick form, 2,500, at least 5 on every route) across every route the app registers — bodies derived from each route's
// schema with valid values mutated, random and malformed JSON, wrong content types, oversized
// bodies, random query strings, path parameters and headers — from anonymous callers, garbage
// tokens, a signed-in client with money and open requests, and a staff owner. For every answer:
// no 5xx; an error is JSON `{message}` without a stack trace; a rejected request (4xx) stored
// nothing (a write log kept by triggers on every table); and afterwards no prototype was
// polluted, the ledger still balances and the log is JSON without a token or password.
//
// Seed: FUZZ_SEED (default below), request count: FUZZ_RUNS (default 2,500; `npm run fuzz`: 10,000).
import { randomInt, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PLANS } from '@brokerdesk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePasswordHasher } from '../lib/passwords.js';
import { hashToken } from '../lib/tokens.js';
import { checkLedger } from '../modules/ledger/index.js';
import { approveIdentityDocuments } from '../test/documents-fixtures.js';
import { completeLiveOnboarding } from '../test/trading-fixtures.js';
import {
  JsonObject,
  POOL_NAMES,
  WRONG_CONTENT_TYPES,
  callerFor,
  extraHeader,
  fileBody,
  hostileString,
  idempotencyKey,
  jsonBody,
  pathParam,
  percentEncode,
  poolForParam,
  queryString,
  resolveText,
  toJsonText,
} from '../test/hostile-arbitraries.js';
import type {
  BodyTpl,
  CallerTpl,
  JsonSchema,
  ParamTpl,
  PoolName,
  Pools,
  QueryParam,
  QueryTpl,
} from '../test/hostile-arbitraries.js';
import { makeBackgroundTasks } from '../lib/background-tasks.js';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD_PARAMS,
  TEST_START_TIME,
  createTestApp,
} from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import type { AuthRequirement } from './auth.js';

const DEFAULT_SEED = 20_261_122;
const DEFAULT_RUNS = 2_500;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS);
if (!Number.isSafeInteger(SEED) || !Number.isSafeInteger(RUNS) || RUNS < 1) {
  throw new Error('FUZZ_SEED must be an integer and FUZZ_RUNS a positive integer');
}
/** A route drawn less often than this by chance gets the rest from a run of its own. */
const MIN_PER_ROUTE = 5;
/** Longer than this for one in-process request smells of a regular expression gone quadratic. */
const SLOW_REQUEST_MS = 5_000;

// ---------------------------------------------------------------------------------------------
// Routes: the app's own lists, so a new route is fuzzed (and must be) the moment it exists.

interface RouteSpec {
  key: string;
  method: HTTPMethods;
  /** Fastify's pattern, e.g. /api/withdrawals/:id/cancel. */
  url: string;
  auth: AuthRequirement | undefined;
  params: string[];
  query: QueryParam[];
  headers: QueryParam[];
  body: JsonSchema | null;
  bodyKind: 'json' | 'file' | 'none';
  weight: number;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The one route whose body is a file, not JSON (docs/documents-api.md). */
const UPLOAD_ROUTE = 'POST /api/documents';

/**
 * Registered routes the generator leaves alone, each with its reason. Anything else the router
 * knows and the run did not exercise fails the test.
 */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/docs/static/index.html': 'Swagger UI asset: a file from @fastify/swagger-ui',
  'HEAD /api/docs/static/index.html': 'Swagger UI asset: a file from @fastify/swagger-ui',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI asset, generated at start',
  'HEAD /api/docs/static/swagger-initializer.js': 'Swagger UI asset, generated at start',
  'GET /api/docs*': 'Swagger UI assets served by @fastify/static from the package',
  'HEAD /api/docs*': 'Swagger UI assets served by @fastify/static from the package',
  'GET /api/trading/stream':
    'Server-Sent Events: the answer never ends; its query is tested in prices.routes.test.ts',
  'HEAD /api/trading/stream': 'Server-Sent Events (see GET)',
  // Registered only with a web build (never in API tests): static files and the SPA fallback.
  'GET /': 'web build: pre-rendered page (plugins/web-app.test.ts)',
  'HEAD /': 'web build: pre-rendered page (plugins/web-app.test.ts)',
  'GET *': 'web build: static files and the SPA fallback (plugins/web-app.test.ts)',
  'HEAD *': 'web build: static files and the SPA fallback (plugins/web-app.test.ts)',
  'GET /robots.txt': 'web build: static text',
  'HEAD /robots.txt': 'web build: static text',
  'GET /sitemap.xml': 'web build: static text',
  'HEAD /sitemap.xml': 'web build: static text',
};

/** "/api/staff/clients/:clientId|:id" and "/api/x/:id/" → "/api/staff/clients/:", "/api/x/:". */
function normalisePath(path: string): string {
  return (
    path
      .replace(/:[A-Za-z0-9_]+(?:\|:[A-Za-z0-9_]+)*/g, ':')
      .replace(/\/\*$/, '*')
      .replace(/(.)\/$/, '$1') || '/'
  );
}

/** find-my-way's printed tree (one method at a time) as "METHOD path" lines. */
function registeredRoutes(print: (method: HTTPMethods) => string): string[] {
  const found: string[] = [];
  for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
    const stack: string[] = [];
    for (const line of print(method).split('\n')) {
      const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      stack.length = depth;
      stack[depth] = match[2] ?? '';
      if (match[3]) found.push(`${method} ${normalisePath(stack.join(''))}`);
    }
  }
  return found;
}

function routeSpecs(t: TestApp, doc: OpenApiDocument): RouteSpec[] {
  const auth = new Map(
    t.app.authRoutes.map((route) => [`${route.method} ${normalisePath(route.url)}`, route.auth]),
  );
  const specs: RouteSpec[] = [];
  const add = (spec: Omit<RouteSpec, 'key' | 'auth'>) => {
    const key = `${spec.method} ${spec.url}`;
    if (specs.some((known) => known.key === key)) return;
    // HEAD runs the GET route's hooks and handler (Fastify's exposeHeadRoutes).
    const authMethod = spec.method === 'HEAD' ? 'GET' : spec.method;
    specs.push({ ...spec, key, auth: auth.get(`${authMethod} ${normalisePath(spec.url)}`) });
  };

  for (const [path, operations] of Object.entries(doc.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase() as HTTPMethods;
      const parameters = operation.parameters ?? [];
      const where = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map(({ name, schema }) => ({ name, schema: schema ?? {} }));
      const key = `${method} ${url}`;
      if (key in NOT_FUZZED) continue; // e.g. the quote stream, whose answer never ends
      const bodyless = method === 'GET' || method === 'HEAD';
      const spec = {
        method,
        url,
        params: where('path').map(({ name }) => name),
        query: where('query'),
        headers: where('header'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        bodyKind:
          key === UPLOAD_ROUTE
            ? ('file' as const)
            : bodyless
              ? ('none' as const)
              : ('json' as const),
        weight: 4,
      };
      add(spec);
      if (method === 'GET') add({ ...spec, method: 'HEAD', weight: 1 });
    }
  }
  // Routes with `config.auth` that the document leaves out: no schema, random input only.
  for (const route of t.app.authRoutes) {
    add({
      method: route.method as HTTPMethods,
      url: route.url,
      params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
      query: [],
      headers: [],
      body: null,
      bodyKind: route.method === 'GET' ? 'none' : 'json',
      weight: 4,
    });
  }
  // The CORS preflight (plugins/security.ts) and the API document itself.
  add({
    method: 'OPTIONS',
    url: '/api/*',
    params: ['*'],
    query: [],
    headers: [],
    body: null,
    bodyKind: 'none',
    weight: 2,
  });
  for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
    for (const method of ['GET', 'HEAD'] as const) {
      add({
        method,
        url,
        params: [],
        query: [],
        headers: [],
        body: null,
        bodyKind: 'none',
        weight: 1,
      });
    }
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// Generated requests

interface RequestTpl {
  route: RouteSpec;
  caller: CallerTpl;
  params: ParamTpl[];
  query: QueryTpl | null;
  headers: (readonly [string, string])[];
  body: BodyTpl;
  remoteAddress: string;
}

const wildcardPath = fc
  .array(fc.oneof(fc.constantFrom('deposits', 'staff', 'clients', '..', ''), hostileString), {
    maxLength: 3,
  })
  .map((parts): ParamTpl => ({ value: parts.map(percentEncode).join('/'), encoded: true }));

function requestArbitrary(route: RouteSpec): fc.Arbitrary<RequestTpl> {
  const routeHeaders = route.headers.map(({ name }) =>
    fc.option(
      fc.tuple(
        fc.constant(name),
        name === 'idempotency-key'
          ? idempotencyKey
          : hostileString.filter((text) => text.length < 4_000),
      ),
      { freq: 2 },
    ),
  );
  const body: fc.Arbitrary<BodyTpl> =
    route.bodyKind === 'file'
      ? fileBody
      : route.bodyKind === 'json'
        ? jsonBody(route.body, route.key)
        : fc.oneof(
            { weight: 9, arbitrary: fc.constant<BodyTpl>({ kind: 'none', contentType: null }) },
            { weight: 1, arbitrary: jsonBody(null, route.key) },
          );
  return fc.record({
    route: fc.constant(route),
    caller: callerFor(route.auth),
    params: fc.tuple(
      ...route.params.map((name) =>
        name === '*' ? wildcardPath : pathParam(poolForParam(route.url, name)),
      ),
    ),
    // fc.option answers null once in `freq`: mostly a query where the route reads one.
    query: fc.option(queryString(route.key, route.query), {
      freq: route.query.length > 0 ? 5 : 2,
    }),
    headers: fc
      .tuple(fc.tuple(...routeHeaders), fc.array(extraHeader, { maxLength: 3 }))
      .map(([own, extra]) => [...own.filter((header) => header !== null), ...extra]),
    body,
    remoteAddress: fc.oneof(fc.ipV4(), fc.ipV6()),
  });
}

// ---------------------------------------------------------------------------------------------
// The world the requests land in

interface ClientFixture {
  id: string;
  email: string;
  password: string;
  token: string;
  referralCode: string;
}

interface StaffFixture {
  id: string;
  token: string;
}

let t: TestApp;
let specs: RouteSpec[] = [];
let client: ClientFixture;
let other: ClientFixture;
let owner: StaffFixture;
let pools: Pools;
const staleTokens: string[] = [];
/** Every token and password this test used: none may reach the log. */
const secrets = new Set<string>([TEST_ADMIN_PASSWORD]);
const logLines: string[] = [];

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

const passwords = makePasswordHasher(TEST_PASSWORD_PARAMS);

/** A new owner each time (the run may disable, sign out or reset the previous one). */
async function ownerFixture(): Promise<StaffFixture> {
  const username = `fuzz-owner-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  secrets.add(password);
  const passwordHash = await passwords.hashPassword(password);
  const [row] = rows<{ id: string }>(
    await t.database.db.execute(
      sql`insert into staff (username, password_hash, role) values (${username}, ${passwordHash}, 'owner') returning id`,
    ),
  );
  if (!row) throw new Error('owner not created');
  const token = await t.staffLogin(username, password);
  secrets.add(token);
  return { id: row.id, token };
}

/** A verified client with a confirmed deposit, a pending deposit and withdrawal, a ticket and a
 * pending document, so handlers behind auth have something to work on. Referred through `ref`,
 * its confirmed deposit earns the referrer a commission (held: one address, one domain). */
async function richClient(ref?: string): Promise<ClientFixture> {
  const password = `pw-${randomUUID()}`;
  secrets.add(password);
  const { email } = await t.createClient({
    password,
    confirmPassword: password,
    ...(ref ? { ref } : {}),
  });
  const token = await t.login(email, password);
  secrets.add(token);
  const [row] = rows<{ id: string; referral_code: string }>(
    await t.database.db.execute(sql`select id, referral_code from clients where email = ${email}`),
  );
  if (!row) throw new Error('client not found');
  // Proof of ID and of residence approved, so it may withdraw and deposit past the limit
  // (decision 104); the pending document below is therefore a card photo.
  await approveIdentityDocuments(t, { email });
  await completeLiveOnboarding(t, { email }); // so that it may open a live account
  // Each from an address of its own: the fuzzed requests may have used up a per-IP limit.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
  const as = (headers: Record<string, string>, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  const clientHeaders = { 'user-token': token };
  const deposit = await as(clientHeaders, '/api/deposits', {
    amountMinor: 1_000_000,
    method: 'bank-transfer',
  });
  expectStatus(deposit, 201, 'fixture deposit');
  const depositId = deposit.json<{ request: { id: string } }>().request.id;
  expectStatus(
    await as({ 'x-auth-token': owner.token }, `/api/staff/deposits/${depositId}/confirm`),
    200,
    'fixture confirm',
  );
  expectStatus(
    await as(clientHeaders, '/api/deposits', { amountMinor: 50_000, method: 'bitcoin' }),
    201,
    'pending deposit',
  );
  expectStatus(
    await as(clientHeaders, '/api/withdrawals', {
      amountMinor: 20_000,
      method: 'bitcoin',
      destination: 'bc1qfixture',
    }),
    201,
    'pending withdrawal',
  );
  const plan = PLANS.find((candidate) => candidate.priceCents <= 500_000);
  if (plan)
    expectStatus(await as(clientHeaders, '/api/subscriptions', { planId: plan.id }), 201, 'plan');
  expectStatus(
    await as(clientHeaders, '/api/support/send', {
      subject: 'Fixture',
      message: 'Where is my deposit?',
    }),
    201,
    'ticket',
  );
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/documents?kind=card-front',
    remoteAddress,
    headers: { ...clientHeaders, 'content-type': 'application/pdf' },
    payload: Buffer.from('%PDF-1.4\n% fixture\n'),
  });
  expectStatus(upload, 201, 'document');
  await tradingFixture(clientHeaders, remoteAddress);
  return { id: row.id, email, password, token, referralCode: row.referral_code };
}

/**
 * Trading (issue 18): a demo account with a position and a pending order, and a live account
 * holding $100 from the wallet, so the trading routes find real objects.
 */
async function tradingFixture(headers: Record<string, string>, remoteAddress: string) {
  const as = (method: 'POST', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload,
    });
  // A generated request may have put the whole platform in close only or halted (decision 133):
  // the desk's owner puts it back, or a new rich client could not open its position.
  expectStatus(
    await t.app.inject({
      method: 'PUT',
      url: '/api/staff/trading/controls/platform',
      remoteAddress,
      headers: { 'x-auth-token': owner.token },
      payload: { mode: 'normal', reason: 'Fixture: a new client trades' },
    }),
    200,
    'platform trading normal',
  );
  const demo = await as('POST', '/api/trading/accounts', { kind: 'demo' });
  expectStatus(demo, 201, 'demo account');
  const demoId = demo.json<{ id: string }>().id;
  const market = { symbol: 'EURUSD', side: 'buy', type: 'market', volume: '0.10' };
  expectStatus(await as('POST', `/api/trading/accounts/${demoId}/orders`, market), 201, 'position');
  expectStatus(
    await as('POST', `/api/trading/accounts/${demoId}/orders`, {
      ...market,
      type: 'limit',
      price: '1.09000',
    }),
    201,
    'pending order',
  );
  const live = await as('POST', '/api/trading/accounts', { kind: 'live' });
  expectStatus(live, 201, 'live account');
  const liveId = live.json<{ id: string }>().id;
  expectStatus(
    await as('POST', `/api/trading/accounts/${liveId}/transfers`, {
      direction: 'in',
      amountMinor: 10_000,
    }),
    201,
    'transfer in',
  );
}

/** Real ids and values for path parameters and bodies: the client's, the other client's, staff's. */
async function refreshPools(): Promise<void> {
  const db = t.database.db;
  const both = [client.id, other.id];
  const ids = async (query: ReturnType<typeof sql>) =>
    rows<{ id: string }>(await db.execute(query)).map((row) => row.id);
  const [
    transactions,
    documents,
    tickets,
    members,
    clients,
    sessions,
    commissions,
    tradingAccounts,
    orders,
    positions,
  ] = await Promise.all([
    ids(
      sql`select id from client_transactions where client_id in (${both[0]}, ${both[1]}) order by created_at desc limit 40`,
    ),
    ids(
      sql`select id from client_documents where client_id in (${both[0]}, ${both[1]}) order by created_at desc limit 20`,
    ),
    ids(
      sql`select id from support_tickets where client_id in (${both[0]}, ${both[1]}) or client_id is null order by created_at desc limit 20`,
    ),
    ids(sql`select id from staff order by created_at desc limit 20`),
    ids(sql`select id from clients order by created_at desc limit 10`),
    ids(
      sql`select id from sessions where client_id in (${both[0]}, ${both[1]}) and revoked_at is null order by created_at desc limit 10`,
    ),
    ids(
      sql`select id from referral_commissions where referrer_id in (${both[0]}, ${both[1]}) or referred_id in (${both[0]}, ${both[1]}) order by created_at desc limit 10`,
    ),
    ids(
      sql`select id from trading_accounts where client_id in (${both[0]}, ${both[1]}) order by status, created_at desc limit 10`,
    ),
    ids(
      sql`select o.id::text as id from trading_orders o join trading_accounts a on a.id = o.account_id where a.client_id in (${both[0]}, ${both[1]}) order by o.id desc limit 20`,
    ),
    ids(
      sql`select p.id::text as id from trading_positions p join trading_accounts a on a.id = p.account_id where a.client_id in (${both[0]}, ${both[1]}) order by p.id desc limit 20`,
    ),
  ]);
  const next: Record<PoolName, string[]> = {
    clientId: [client.id, other.id, ...clients],
    transactionId: transactions,
    documentId: documents,
    ticketId: tickets,
    staffId: members,
    sessionId: sessions,
    commissionId: commissions,
    tradingAccountId: tradingAccounts,
    orderId: orders,
    positionId: positions,
    anyId: [],
    clientEmail: [client.email, other.email],
    clientPassword: [client.password],
    referralCode: [client.referralCode, other.referralCode],
  };
  next.anyId = [
    ...transactions,
    ...documents,
    ...tickets,
    ...members,
    ...clients,
    ...sessions,
    ...commissions,
    ...tradingAccounts,
  ];
  for (const name of POOL_NAMES) if (next[name].length === 0) next[name].push(randomUUID());
  pools = next;
}

/**
 * Logouts, password changes, revocations and disabled accounts end sessions: the callers get
 * fresh ones (or, for a disabled client, a new rich client) so the run keeps reaching handlers.
 */
async function ensureCallers(): Promise<void> {
  const staffAlive = await t.app.inject({
    method: 'GET',
    url: '/api/adminDashboard/adminDashboard',
    headers: { 'x-auth-token': owner.token },
  });
  if (staffAlive.statusCode !== 200) {
    staleTokens.push(owner.token);
    owner = await ownerFixture();
  }
  const clientAlive = await t.app.inject({
    method: 'GET',
    url: '/api/money/summary',
    headers: { 'user-token': client.token },
  });
  if (clientAlive.statusCode !== 200) {
    staleTokens.push(client.token);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email, password: client.password },
    });
    if (login.statusCode === 200) {
      client = { ...client, token: login.json<{ token: string }>().token };
      secrets.add(client.token);
    } else {
      client = await richClient();
    }
    await refreshPools();
  }
}

// ---------------------------------------------------------------------------------------------
// "Nothing stored": triggers on every table append to a write log, inside the writing
// transaction, so a rolled-back write leaves no trace and a committed one always does.

/**
 * Columns that change without a request storing anything, so an UPDATE touching only these is
 * not logged. Each is narrow and has its reason.
 */
const IGNORED_COLUMNS: Record<string, string[]> = {
  // The auth hook moves last_seen_at at most once a minute on any authenticated request, before
  // the body is validated (modules/sessions): a sign of life, not stored input.
  sessions: ['last_seen_at'],
  // The mail worker delivers queued mail in the background (modules/mail/mail-worker.ts),
  // whatever request happens to be running. Inserts into the outbox are still counted.
  mail_outbox: [
    'state',
    'attempts',
    'send_after',
    'sent_at',
    'text_body',
    'html_body',
    'last_error',
  ],
};

/**
 * Writes that a rejected request makes on purpose, per route and table, with the reason. Keep it
 * short: every entry is an exception to "a rejected request stores nothing". None today: failed
 * logins and TOTP codes are counted in the attempt store (memory or Redis), not in a table, and
 * the audit log records only actions that happened.
 */
const WRITES_ON_REJECTION: { route: string; table: string; op: string; reason: string }[] = [
  // Trading (§11.11): a business refusal (market closed, margin, …) is stored against the
  // request's Idempotency-Key, so a retry with that key gets the same answer even once the
  // market moved. Validation failures store nothing.
  ...[
    'POST /api/trading/accounts/:id/orders',
    'PATCH /api/trading/accounts/:id/orders/:orderId',
    'DELETE /api/trading/accounts/:id/orders/:orderId',
    'PATCH /api/trading/accounts/:id/positions/:positionId',
    'POST /api/trading/accounts/:id/positions/:positionId/close',
    'POST /api/trading/accounts/:id/transfers',
    'POST /api/staff/trading/positions/:positionId/close',
  ].map((route) => ({
    route,
    table: 'trading_requests',
    op: 'INSERT',
    reason: 'a business refusal is replayed for its Idempotency-Key (§11.11)',
  })),
];

async function installWriteLog(): Promise<void> {
  const db = t.database.db;
  await db.execute(
    sql`create table fuzz_write_log (id bigserial primary key, table_name text not null, op text not null)`,
  );
  await db.execute(sql`
    create function fuzz_log_write() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'UPDATE' and (to_jsonb(NEW) - TG_ARGV) = (to_jsonb(OLD) - TG_ARGV) then
        return null;
      end if;
      insert into fuzz_write_log (table_name, op) values (TG_TABLE_NAME, TG_OP);
      return null;
    end $$`);
  const tables = rows<{ tablename: string }>(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_write_log'`,
    ),
  ).map((row) => row.tablename);
  expect(tables).toContain('ledger_transfers');
  for (const table of tables) {
    const args = (IGNORED_COLUMNS[table] ?? []).map((column) => `'${column}'`).join(', ');
    await db.execute(
      sql.raw(
        `create trigger fuzz_log_write after insert or update or delete on "${table}" for each row execute function fuzz_log_write(${args})`,
      ),
    );
  }
}

async function writeMark(): Promise<number> {
  return (await readState(false)).mark;
}

/**
 * The write log's mark and, when asked, whether both callers' sessions still live — in one
 * statement, since it runs after every request.
 */
async function readState(checkCallers: boolean): Promise<{ mark: number; callersLive: boolean }> {
  const live = checkCallers
    ? sql`(select count(*) from sessions where revoked_at is null and token_hash in (${hashToken(client.token)}, ${hashToken(owner.token)}))`
    : sql`2`;
  const [row] = rows<{ mark: string | number; live: string | number }>(
    await t.database.db.execute(
      sql`select coalesce((select max(id) from fuzz_write_log), 0) as mark, ${live} as live`,
    ),
  );
  return { mark: Number(row?.mark ?? 0), callersLive: Number(row?.live ?? 0) === 2 };
}

async function writesSince(mark: number): Promise<{ table: string; op: string; count: number }[]> {
  return rows<{ table_name: string; op: string; n: string | number }>(
    await t.database.db.execute(
      sql`select table_name, op, count(*) as n from fuzz_write_log where id > ${mark} group by 1, 2 order by 1, 2`,
    ),
  ).map((row) => ({ table: row.table_name, op: row.op, count: Number(row.n) }));
}

function uploadsListing(): string {
  try {
    return readdirSync(join(t.dataDir, 'uploads')).sort().join(',');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Sending one request and judging the answer

interface RouteStats {
  requests: number;
  /** Answers past authentication: not 401/403 (the handler or validation ran). */
  pastAuth: number;
  statuses: Map<number, number>;
  slowestMs: number;
}

const stats = new Map<string, RouteStats>();
const statuses = new Map<number, number>();
let sent = 0;
let mark = 0;

function count(route: RouteSpec, status: number, elapsed: number): void {
  sent += 1;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const routeStats = stats.get(route.key) ?? {
    requests: 0,
    pastAuth: 0,
    statuses: new Map(),
    slowestMs: 0,
  };
  routeStats.requests += 1;
  routeStats.statuses.set(status, (routeStats.statuses.get(status) ?? 0) + 1);
  routeStats.slowestMs = Math.max(routeStats.slowestMs, elapsed);
  if (status !== 401 && status !== 403) routeStats.pastAuth += 1;
  stats.set(route.key, routeStats);
}

function callerHeaders(caller: CallerTpl): Record<string, string> {
  switch (caller.kind) {
    case 'anonymous':
      return {};
    case 'client':
      return { 'user-token': client.token };
    case 'staff':
      return { 'x-auth-token': owner.token };
    case 'garbage': {
      const { token } = caller;
      let value: string;
      if (token.kind === 'text') value = token.text;
      else if (token.kind === 'stale')
        value = staleTokens[token.index % Math.max(1, staleTokens.length)] ?? randomUUID();
      else {
        const real = token.of === 'client' ? client.token : owner.token;
        const at = token.at % real.length;
        value = `${real.slice(0, at)}${real[at] === 'A' ? 'B' : 'A'}${real.slice(at + 1)}`;
      }
      if (caller.header === 'authorization' && token.kind !== 'text') value = `Bearer ${value}`;
      return { [caller.header]: value };
    }
  }
}

function injectOptions(request: RequestTpl): InjectOptions & { payloadText?: string } {
  const { route } = request;
  let url = route.url;
  route.params.forEach((name, index) => {
    const param = request.params[index];
    if (!param) return;
    const text = resolveText(param.value, pools);
    url = url.replace(name === '*' ? '*' : `:${name}`, param.encoded ? text : percentEncode(text));
  });
  if (request.query) {
    const query =
      request.query.kind === 'raw'
        ? request.query.text
        : request.query.pairs
            .map(
              ([key, value]) => `${percentEncode(key)}=${percentEncode(resolveText(value, pools))}`,
            )
            .join('&');
    url = `${url}?${query}`;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  Object.assign(headers, callerHeaders(request.caller));

  const { body } = request;
  let payload: string | Buffer | undefined;
  if (body.kind === 'json') payload = toJsonText(body.value, pools);
  else if (body.kind === 'text') payload = body.text;
  else if (body.kind === 'bytes') payload = Buffer.from(body.bytes);
  else if (body.kind === 'oversize') {
    const padded = new JsonObject([...body.value.entries, ['padding', 'x'.repeat(body.padding)]]);
    payload = toJsonText(padded, pools);
  }
  if (body.contentType !== null) headers['content-type'] = body.contentType;
  return {
    // Every method the app registers is one light-my-request's types name (its list is shorter
    // than Fastify's).
    method: route.method as InjectOptions['method'],
    url,
    headers,
    remoteAddress: request.remoteAddress,
    ...(payload === undefined ? {} : { payload }),
    payloadText: typeof payload === 'string' ? payload : undefined,
  };
}

const STACK_TRACE = /\n\s+at |\bat \S+ \(|\/(?:work|home|tmp|usr)\/|node_modules|\.[jt]s:\d+/;

function describeRequest(options: InjectOptions & { payloadText?: string }): string {
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${String(value).slice(0, 80)}`)
    .join('; ');
  const body =
    options.payloadText ?? (options.payload ? `<${(options.payload as Buffer).length} bytes>` : '');
  return `${options.method} ${String(options.url).slice(0, 300)} [${headers}] ${body.slice(0, 300)}`;
}

/** Violations grouped by route and kind, with the first few requests of each for replay. */
const violations = new Map<string, { count: number; examples: string[] }>();

function record(
  kind: string,
  request: RequestTpl,
  options: InjectOptions & { payloadText?: string },
  detail: string,
) {
  const group = `${request.route.key} — ${kind}`;
  const entry = violations.get(group) ?? { count: 0, examples: [] };
  entry.count += 1;
  if (entry.examples.length < 3) {
    entry.examples.push(`#${sent} ${detail}\n      ${describeRequest(options)}`);
  }
  violations.set(group, entry);
}

function violationReport(): string[] {
  return [...violations.entries()].map(
    ([group, { count, examples }]) => `${group} ×${count}\n    ${examples.join('\n    ')}`,
  );
}

/**
 * Work a request finishes after its answer (a reset request's link and mail): drained after each
 * request, so its writes count for the request that caused them, not the next one.
 */
const taskFailures: string[] = [];
const backgroundTasks = makeBackgroundTasks({
  log: { error: (object, message) => void taskFailures.push(`${message}: ${String(object.err)}`) },
});

async function send(request: RequestTpl): Promise<void> {
  const { route } = request;
  const options = injectOptions(request);
  const uploadsBefore = route.key === UPLOAD_ROUTE ? uploadsListing() : '';
  const started = performance.now();
  let response: LightMyRequestResponse;
  try {
    response = await t.app.inject(options);
  } catch (error) {
    // The answer broke off midway (e.g. a streamed CSV whose query failed after the headers):
    // counted as status 0.
    count(route, 0, performance.now() - started);
    record('answer broken off', request, options, String(error));
    mark = await writeMark();
    return;
  }
  const elapsed = performance.now() - started;
  await backgroundTasks.drain();
  const status = response.statusCode;
  count(route, status, elapsed);

  if (status >= 500) record('5xx', request, options, `${status} ${response.body.slice(0, 200)}`);
  if (elapsed > SLOW_REQUEST_MS) record('slow', request, options, `${Math.round(elapsed)} ms`);
  if (status >= 400 && route.method !== 'HEAD') {
    let message: unknown;
    try {
      message = response.json<{ message?: unknown }>().message;
    } catch {
      message = undefined;
    }
    if (
      !String(response.headers['content-type']).startsWith('application/json') ||
      typeof message !== 'string' ||
      message === ''
    ) {
      record(
        'error shape',
        request,
        options,
        `${status} ${String(response.headers['content-type'])} ${response.body.slice(0, 200)}`,
      );
    }
    if (STACK_TRACE.test(response.body))
      record('stack trace', request, options, response.body.slice(0, 300));
  }
  // A body the app cannot read is never accepted: over 100 KB (413) or of a type it has no
  // parser for (415). Fastify's own text/plain parser reads text, so only other types count.
  const { body } = request;
  if (status < 400 && route.bodyKind === 'json') {
    if (body.kind === 'oversize') {
      record('accepted a body over the limit', request, options, `${status}`);
    }
    const unreadable =
      body.kind === 'text' &&
      body.contentType !== null &&
      (WRONG_CONTENT_TYPES as readonly string[]).includes(body.contentType) &&
      !body.contentType.startsWith('text/plain');
    if (unreadable)
      record('accepted a body of a type it cannot read', request, options, `${status}`);
  }
  if (
    ({} as Record<string, unknown>).polluted !== undefined ||
    Object.keys(Object.prototype).length > 0
  ) {
    record('prototype pollution', request, options, Object.keys(Object.prototype).join(','));
  }

  // A logout, password change, revocation or disabled account ends a caller's session.
  const mayEndSessions = route.method !== 'GET' && route.method !== 'HEAD' && status < 400;
  const before = mark;
  const state = await readState(mayEndSessions);
  mark = state.mark;
  if (status >= 400 && status < 500) {
    if (mark !== before) {
      const writes = (await writesSince(before)).filter(
        (write) =>
          !WRITES_ON_REJECTION.some(
            (allowed) =>
              allowed.route === route.key &&
              allowed.table === write.table &&
              allowed.op === write.op,
          ),
      );
      if (writes.length > 0) {
        const list = writes.map((write) => `${write.op} ${write.table} ×${write.count}`).join(', ');
        record(
          'stored on rejection',
          request,
          options,
          `${status} ${response.body.slice(0, 120)} → ${list}`,
        );
      }
    }
    if (route.key === UPLOAD_ROUTE && uploadsListing() !== uploadsBefore) {
      record(
        'file kept on rejection',
        request,
        options,
        `${status} ${response.body.slice(0, 120)}`,
      );
    }
  }

  if (route.key === UPLOAD_ROUTE && status === 429 && request.caller.kind === 'client') {
    // 20 uploads an hour per client (their own test covers it): a fresh client takes over, so
    // uploads keep reaching the handler.
    staleTokens.push(client.token);
    client = await richClient();
    await refreshPools();
    mark = await writeMark();
  }

  if (mayEndSessions) {
    if (
      route.key === 'POST /api/account/password' &&
      request.caller.kind === 'client' &&
      options.payloadText
    ) {
      // The new password (the last of duplicate keys, as the server read it) is the client's now.
      const sentBody = JSON.parse(options.payloadText) as { newPassword: string };
      client = { ...client, password: sentBody.newPassword };
      secrets.add(sentBody.newPassword);
      await refreshPools();
    }
    if (sent % 50 === 0) await refreshPools();
  }
  // Every 500 requests the callers are checked through the API too, whatever ended them.
  if ((mayEndSessions && !state.callersLive) || sent % 500 === 0) {
    await ensureCallers();
    mark = await writeMark();
  }
}

// ---------------------------------------------------------------------------------------------

let durationMs = 0;
let prototypeNamesBefore: string[][] = [];
const prototypes = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype].map(
    (proto) => Object.getOwnPropertyNames(proto).sort(),
  );

beforeAll(async () => {
  t = await createTestApp({
    env: { STAFF_2FA: 'optional', LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void logLines.push(line) },
    backgroundTasks,
    startTime: TEST_START_TIME,
  });
  // The trading routes act on a quote (issue 18).
  await t.prices.push([
    { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:01.000Z' },
  ]);
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  specs = routeSpecs(t, doc.json<OpenApiDocument>());
  owner = await ownerFixture();
  client = await richClient();
  other = await richClient(client.referralCode);
  await refreshPools();
  await installWriteLog();
  mark = await writeMark();
  prototypeNamesBefore = prototypes();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('hostile input', () => {
  it('keeps a write log that sees committed changes only, not a rolled-back one or a touch', async () => {
    const db = t.database.db;
    const start = await writeMark();
    const session = sql`token_hash = ${hashToken(client.token)}`;
    await db.execute(sql`update sessions set last_seen_at = now() where ${session}`);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into support_tickets (subject) values ('rolled back')`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await writeMark()).toBe(start);
    await db.execute(sql`update sessions set user_agent = 'write log probe' where ${session}`);
    expect(await writesSince(start)).toEqual([{ table: 'sessions', op: 'UPDATE', count: 1 }]);
  });

  it(`answers ${RUNS} generated requests: no 5xx, errors as JSON {message}, nothing stored from a rejection`, async () => {
    process.stdout.write(`hostile-input: seed ${SEED}, ${RUNS} requests (FUZZ_SEED, FUZZ_RUNS)\n`);
    mark = await writeMark();
    const started = performance.now();
    const every = fc.oneof(
      ...specs.map((route) => ({ weight: route.weight, arbitrary: requestArbitrary(route) })),
    );
    await fc.assert(fc.asyncProperty(every, send), {
      seed: SEED,
      numRuns: RUNS,
      endOnFailure: true,
      reporter: harnessFailure,
    });
    for (const [index, route] of specs.entries()) {
      const missing = MIN_PER_ROUTE - (stats.get(route.key)?.requests ?? 0);
      if (missing > 0) {
        await fc.assert(fc.asyncProperty(requestArbitrary(route), send), {
          seed: SEED + index + 1,
          numRuns: missing,
          endOnFailure: true,
          reporter: harnessFailure,
        });
      }
      // Each route's handler must be reached: a route whose few draws all got anonymous or
      // garbage callers is drawn again (bounded), whatever routes were added before it.
      for (let round = 1; (stats.get(route.key)?.pastAuth ?? 0) === 0 && round <= 10; round += 1) {
        await fc.assert(fc.asyncProperty(requestArbitrary(route), send), {
          seed: SEED + index + 1 + round * 10_000,
          numRuns: MIN_PER_ROUTE,
          endOnFailure: true,
          reporter: harnessFailure,
        });
      }
    }
    durationMs = performance.now() - started;
    process.stdout.write(summary());
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(violationReport()).toEqual([]);
    expect(taskFailures).toEqual([]);
  }, 900_000);

  it('reached every route the app registers, past authentication', () => {
    const exercised = new Set(
      specs
        .filter((route) => stats.has(route.key))
        .map((route) => `${route.method} ${normalisePath(route.url)}`),
    );
    const unexercised = registeredRoutes((method) =>
      t.app.printRoutes({ commonPrefix: false, method }),
    )
      .map((route) => (route === 'OPTIONS *' ? 'OPTIONS /api*' : route))
      .filter((route) => !exercised.has(route) && !(route in NOT_FUZZED));
    expect(unexercised).toEqual([]);
    const blocked = specs
      .filter((route) => (stats.get(route.key)?.pastAuth ?? 0) === 0)
      .map((route) => route.key);
    expect(blocked).toEqual([]);
    // The generator did produce the classic rejections.
    for (const status of [400, 401, 403, 404, 413, 415])
      expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  });

  it('left every prototype as it was', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypes()).toEqual(prototypeNamesBefore);
  });

  it('kept the ledger consistent and left no partial upload behind', async () => {
    expect(await checkLedger(t.database.db)).toEqual([]);
    expect(
      uploadsListing()
        .split(',')
        .filter((name) => name.startsWith('.partial')),
    ).toEqual([]);
  });

  it('logged JSON lines without any token or password', () => {
    expect(logLines.length).toBeGreaterThan(sent);
    const notJson = logLines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(notJson.slice(0, 3)).toEqual([]);
    const all = [...secrets, ...staleTokens].filter((secret) => secret.length >= 8);
    const leaks = logLines.filter((line) => all.some((secret) => line.includes(secret)));
    expect(leaks.slice(0, 3)).toEqual([]);
  });
});

/**
 * The property never fails on a bad answer (those are collected above, all of them); it fails
 * only when the harness itself breaks. Say where, without printing a 100 KB counterexample.
 */
function harnessFailure(details: fc.RunDetails<[RequestTpl]>): void {
  if (!details.failed) return;
  const request = details.counterexample?.[0];
  throw new Error(
    `the harness failed on request ${sent} (${request?.route.key ?? '?'}), replay with seed ${details.seed} path ${details.counterexamplePath ?? '?'}: ${String(details.errorInstance)}`,
  );
}

function summary(): string {
  const histogram = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
  const lines = [...stats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, route]) => {
      const byStatus = [...route.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}:${count}`)
        .join(' ');
      return `  ${key.padEnd(52)} ${String(route.requests).padStart(5)}  past auth ${String(route.pastAuth).padStart(4)}  max ${Math.round(route.slowestMs)} ms  ${byStatus}`;
    });
  // What the server said about its own failures, if any: the first line of each kind.
  const failures = new Map<string, string>();
  for (const line of logLines) {
    if (!line.includes('"level":50') && !line.includes('"level":60')) continue;
    const { err, msg } = JSON.parse(line) as {
      err?: { type?: string; message?: string; stack?: string };
      msg?: string;
    };
    const key = `${msg ?? ''}: ${err?.type ?? ''} ${err?.message ?? ''}`.slice(0, 300);
    if (!failures.has(key))
      failures.set(key, (err?.stack ?? '').split('\n').slice(0, 6).join('\n      '));
  }
  return [
    ...[...failures.entries()].map(
      ([key, stack]) => `  server error logged: ${key}\n      ${stack}`,
    ),
    `hostile-input: ${sent} requests in ${(durationMs / 1000).toFixed(1)} s (seed ${SEED}, ${t.database.kind}), ${stats.size} routes, ${[...violations.values()].reduce((sum, group) => sum + group.count, 0)} violations`,
    `  statuses ${histogram}`,
    ...lines,
    '',
  ].join('\n');
}
