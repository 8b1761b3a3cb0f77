// buildApp(config) assembles the whole API without listening, so tests run exactly what
// production runs (app.inject) and server.ts only adds the socket and signals. The pieces live
// in app/: http.ts (how requests are read), services.ts (every service), routes.ts (every route).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { ensureFirstStaff, sealStaffTotpSecrets } from './app/first-staff.js';
import {
  REDACTED_PATHS,
  addConnectionHooks,
  fastifyTrustProxy,
  useJsonBodies,
} from './app/http.js';
import { registerRoutes } from './app/routes.js';
import { buildServices } from './app/services.js';
import type { AppServices } from './app/services.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { startEmbeddedMaintenance } from './db/maintenance.js';
import type { Database } from './db/client.js';
import { systemClock } from './lib/clock.js';
import type { BackgroundTasks } from './lib/background-tasks.js';
import type { Clock } from './lib/clock.js';
import type { PasswordParams } from './lib/passwords.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin, { handleError } from './plugins/errors.js';
import openApiPlugin from './plugins/openapi.js';
import securityPlugin, { AUTH_RATE_LIMIT } from './plugins/security.js';
import type { AuthRateLimit } from './plugins/security.js';
import { loadWebBuild, webAppPlugin } from './plugins/web-app.js';

export const BODY_LIMIT_BYTES = 100 * 1024;
/** How long a request (its headers and body) has to arrive: docs/deployment.md says 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * How often Node checks for requests past their time: the cut comes within this of the limit
 * (Node's default, 30 s, let a slow request run to about 90 s; issue 17).
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** What tests (and only tests) swap; production uses the defaults. */
export interface AppDeps {
  /** An open database; buildApp migrates it and closes it when the app closes. */
  db?: Database;
  clock?: Clock;
  /** Cheaper argon2id parameters keep tests fast; still argon2id. */
  passwordParams?: PasswordParams;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  authRateLimit?: AuthRateLimit;
  /** Prefix of every Redis key (default `bd:`); tests use one per run so counts never mix. */
  redisKeyPrefix?: string;
  /** Work a request finishes after its answer (default: run at once); tests may hold it. */
  backgroundTasks?: BackgroundTasks;
  /** Default REQUEST_TIMEOUT_MS; a test of the cut uses a shorter one. */
  requestTimeoutMs?: number;
  /** Called with the services once built (tests reach the price hub through it). */
  onServices?: (services: AppServices) => void;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A request whose body has not arrived after a minute is dropped (408, connection closed):
    // a trickling client (slowloris) cannot hold a connection, nor delay a shutdown, for ever.
    // Node reads both when the server is created: Fastify's own `requestTimeout`, set on the
    // server afterwards, never reached Node's check, and its 30 s check interval came on top.
    requestTimeout: deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false, // a caller-chosen id could forge log correlation
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Undecodable URLs are answered by the router before any hook: keep our error shape.
    frameworkErrors: handleError,
  });
  addConnectionHooks(app);
  useJsonBodies(app);

  // Read before opening the database: a broken build fails fast without taking the lock.
  const webBuild = loadWebBuild(config);

  let database: Database | null = deps.db ?? null;
  // Things that use the database stop first (the mail worker finishes its batch).
  const beforeDatabaseCloses: (() => Promise<void>)[] = [];
  try {
    database ??= await openDatabase(config, {
      onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
    });
    const openDb = database;
    app.addHook('onClose', async () => {
      for (const stop of beforeDatabaseCloses) await stop();
      await openDb.close();
    });
    await openDb.migrate();
    if (openDb.kind === 'pglite') {
      // No autovacuum in single-user PostgreSQL: the app does its job (db/maintenance.ts).
      const maintenance = await startEmbeddedMaintenance({ db: openDb.db, log: app.log });
      beforeDatabaseCloses.push(maintenance.stop);
    }

    const clock = deps.clock ?? systemClock;
    const services = await buildServices({
      db: openDb.db,
      config,
      clock,
      log: app.log,
      passwordParams: deps.passwordParams,
      redisKeyPrefix: deps.redisKeyPrefix,
      tasks: deps.backgroundTasks,
      stopBeforeDatabaseCloses: (stop) => beforeDatabaseCloses.push(stop),
    });
    deps.onServices?.(services);
    await ensureFirstStaff(services.staff, config, app.log);
    await sealStaffTotpSecrets(services.staff, app.log);

    await app.register(errorsPlugin);
    await app.register(securityPlugin, { config, attempts: services.attemptStore, clock });
    await app.register(authPlugin, { sessions: services.sessions });
    await app.register(openApiPlugin, { config });
    await registerRoutes(app, services, { authRateLimit: deps.authRateLimit ?? AUTH_RATE_LIMIT });

    if (webBuild) {
      await app.register(webAppPlugin, { build: webBuild, publicUrl: config.publicUrl });
    } else if (config.nodeEnv === 'production') {
      app.log.warn(`No web build in ${config.webDistDir}; serving the API only`);
    }

    await app.ready();
    return app;
  } catch (error) {
    for (const stop of beforeDatabaseCloses) await stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    throw error;
  }
}
