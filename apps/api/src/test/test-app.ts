// createTestApp(): the real app (buildApp) on its own real database, plus helpers to register
// and sign in. Each app gets a fresh copy of the migrated template, so tests never share rows.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { RegisterForm } from '@brokerdesk/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { clients } from '../db/schema.js';
import type { AppDeps } from '../app.js';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { databaseFromPglite, databaseFromPool, poolLimits } from '../db/client.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { PasswordParams } from '../lib/passwords.js';
import { databaseUrl, dropDatabase, quoteIdent, withAdminClient } from './postgres.js';
import type { AppServices } from '../app/services.js';
import type { PriceHub } from '../modules/prices/index.js';
import './provided.js';

export const TEST_ADMIN_USERNAME = 'admin';
export const TEST_ADMIN_PASSWORD = 'correct-horse-battery-staple';
/** Still argon2id, at a cost that keeps the suite fast. */
export const TEST_PASSWORD_PARAMS: PasswordParams = {
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};

let templateBlob: Blob | null = null;

export function usingPostgres(): boolean {
  return inject('postgres') !== null;
}

export interface TestDatabaseOptions {
  /** PostgreSQL: overrides of production's pool limits (e.g. a short statement timeout). */
  pool?: pg.PoolConfig;
  /** PostgreSQL: connect through this local port (a proxy the test can cut) instead. */
  port?: number;
}

/** A fresh, migrated database: a PGlite copy of the template or a new PostgreSQL database. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const postgres = inject('postgres');
  if (postgres) {
    // Unique across worker threads (which share a pid) and files.
    const name = `bd_test_${postgres.runId}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await withAdminClient(postgres.adminUrl, (client) =>
      client.query(
        `create database ${quoteIdent(name)} template ${quoteIdent(postgres.templateDb)}`,
      ),
    );
    const url = new URL(databaseUrl(postgres.adminUrl, name));
    if (options.port !== undefined) {
      url.hostname = '127.0.0.1';
      url.port = String(options.port);
    }
    const database = databaseFromPool(
      new pg.Pool({ connectionString: url.toString(), ...poolLimits(4), ...options.pool }),
    );
    return {
      ...database,
      async close() {
        await database.close();
        await withAdminClient(postgres.adminUrl, (client) => dropDatabase(client, name));
      },
    };
  }
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath) throw new Error('global setup provided no database template');
  templateBlob ??= new Blob([readFileSync(templatePath)]);
  const client = new PGlite({ loadDataDir: templateBlob });
  await client.waitReady;
  return databaseFromPglite(client);
}

export interface TestAppOptions {
  /** Environment overrides; `undefined` removes a default (e.g. ADMIN_PASSWORD). */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  logStream?: AppDeps['logStream'];
  /** Default: effectively unlimited, so tests can call login many times. */
  authRateLimit?: AppDeps['authRateLimit'];
  /** How to open the database (PostgreSQL pool limits, a proxy port). */
  database?: TestDatabaseOptions;
  /**
   * An open database to start on instead of a fresh one (a restart of the same install): the
   * app does not close it; the test does.
   */
  reuseDatabase?: Database;
  /**
   * With REDIS_URL in `env`: the Redis key prefix. Default: one of its own per app, so tests
   * never share counts; apps meant to share them (several instances) pass the same one.
   */
  redisKeyPrefix?: string;
  /** Holds the work requests finish after their answer (default: the app's own runner). */
  backgroundTasks?: AppDeps['backgroundTasks'];
  /** A shorter request timeout than production's 60 s (a test of the cut). */
  requestTimeoutMs?: number;
  /**
   * Trading tests: the app's clock starts here and runs at real speed, so the manual price
   * source's clock (which starts at the app's) begins inside the trading week.
   */
  startTime?: string;
}

/** A Monday morning: every instrument of the catalogue is open. */
export const TEST_START_TIME = '2026-03-02T08:00:00.000Z';

/** A clock that starts at `iso` and runs at real speed. */
function clockFrom(iso: string): Clock {
  const offset = Date.parse(iso) - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

type ManualPrices = NonNullable<PriceHub['manual']>;

export interface RegisteredClient {
  email: string;
  password: string;
  body: RegisterForm;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  /** Posts a valid registration with `overrides` applied (any value, to test bad input). */
  register(overrides?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /**
   * Registers a client (201 expected) and returns its credentials. The e-mail counts as
   * verified unless `verified: false` (the e-mail tests follow the real link instead).
   */
  createClient(
    overrides?: Partial<RegisterForm>,
    options?: { verified?: boolean },
  ): Promise<RegisteredClient>;
  login(email: string, password: string): Promise<string>;
  /** Registers and logs in a new client. */
  signedInClient(): Promise<RegisteredClient & { token: string }>;
  staffLogin(username?: string, password?: string): Promise<string>;
  /** The manual price source (MARKET_DATA_PROVIDER=manual, the tests' default). */
  prices: ManualPrices;
  hub: PriceHub;
  services: AppServices;
  close(): Promise<void>;
}

/** A fixture shortcut for the link a client would open (the e-mail tests open the real one). */
export async function markEmailVerified(database: Database, email: string): Promise<void> {
  await database.db
    .update(clients)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(clients.email, email.toLowerCase()));
}

export function registrationBody(overrides: Partial<RegisterForm> = {}): RegisterForm {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `client-${randomUUID()}@example.com`,
    phone: '+447700900123',
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    country: 'United Kingdom',
    ...overrides,
  };
}

let capturedLogFd: number | null = null;

/**
 * During `npm test` (BROKERDESK_LOG_DIR set) every app a test builds logs at info into a file of
 * this worker's, and the log check (src/scripts/log-check.ts) reads them all at the end: no
 * secret may reach a log line, whatever the tests did.
 */
function capturedLogStream(): AppDeps['logStream'] | undefined {
  const dir = process.env.BROKERDESK_LOG_DIR;
  if (!dir) return undefined;
  capturedLogFd ??= openSync(join(dir, `api-tests-${process.pid}-${threadId}.log`), 'a');
  const fd = capturedLogFd;
  return { write: (line) => void writeSync(fd, line) };
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerdesk-api-test-'));
  const logStream = options.logStream ?? capturedLogStream();
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: logStream && !options.logStream ? 'info' : 'silent',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: TEST_ADMIN_USERNAME,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // Never pick up a real build of apps/web by accident.
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // Prices move only when a test pushes them (the manual source of the prices module).
    MARKET_DATA_PROVIDER: 'manual',
    ...options.env,
  };
  const config = loadConfig(env);
  const database: Database = options.reuseDatabase
    ? { ...options.reuseDatabase, close: async () => undefined }
    : await createTestDatabase(options.database);
  let services: AppServices | null = null;
  const app = await buildApp(config, {
    db: database,
    clock: options.clock ?? (options.startTime ? clockFrom(options.startTime) : undefined),
    logStream,
    passwordParams: TEST_PASSWORD_PARAMS,
    authRateLimit: options.authRateLimit ?? { max: 100_000, timeWindowMs: 60_000 },
    redisKeyPrefix: options.redisKeyPrefix ?? `bd-test:${randomUUID()}:`,
    backgroundTasks: options.backgroundTasks,
    requestTimeoutMs: options.requestTimeoutMs,
    onServices: (built) => {
      services = built;
    },
  });
  const built = services as AppServices | null;
  if (!built) throw new Error('buildApp built no services');
  const hub = built.priceHub;
  const manualPrices: ManualPrices = hub.manual ?? {
    push: () => Promise.reject(new Error('MARKET_DATA_PROVIDER is not manual in this test app')),
    advanceTo: () =>
      Promise.reject(new Error('MARKET_DATA_PROVIDER is not manual in this test app')),
  };

  const register: TestApp['register'] = (overrides = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      payload: { ...registrationBody(), ...overrides },
    });

  const login: TestApp['login'] = async (email, password) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email, password },
    });
    expectStatus(response, 200, 'client login');
    return response.json<{ token: string }>().token;
  };

  const createClient: TestApp['createClient'] = async (
    overrides = {},
    { verified = true } = {},
  ) => {
    const body = registrationBody(overrides);
    const response = await app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      payload: body,
    });
    expectStatus(response, 201, 'client registration');
    if (verified) await markEmailVerified(database, body.email);
    return { email: body.email, password: body.password, body };
  };

  return {
    app,
    config,
    database,
    dataDir,
    register,
    createClient,
    login,
    prices: manualPrices,
    hub,
    services: built,
    async signedInClient() {
      const client = await createClient();
      return { ...client, token: await login(client.email, client.password) };
    },
    async staffLogin(username = TEST_ADMIN_USERNAME, password = TEST_ADMIN_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/adminLogin/adminLogin',
        payload: { username, password },
      });
      expectStatus(response, 200, 'staff login');
      return response.json<{ token: string }>().token;
    },
    async close() {
      await app.close(); // closes the database too
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
