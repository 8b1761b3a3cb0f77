// buildApp(config) assembles the whole API without listening, so tests run exactly what
// production runs (app.inject) and server.ts only adds the socket and signals.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { startEmbeddedMaintenance } from './db/maintenance.js';
import type { Database } from './db/client.js';
import { systemClock } from './lib/clock.js';
import type { Clock } from './lib/clock.js';
import { DEFAULT_PASSWORD_PARAMS, makePasswordHasher } from './lib/passwords.js';
import type { PasswordParams } from './lib/passwords.js';
import { openSharedAttemptStore } from './lib/redis-attempt-store.js';
import { clientRoutes } from './modules/clients/clients.routes.js';
import { makeClientService } from './modules/clients/clients.service.js';
import { makeLoginLockout } from './modules/clients/login-lockout.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { accountLinkRoutes } from './modules/account-links/account-links.routes.js';
import { makeAccountLinkService } from './modules/account-links/account-links.service.js';
import { reminderRoutes } from './modules/reminders/reminders.routes.js';
import { makeReminderService } from './modules/reminders/reminders.service.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { marketsRoutes } from './modules/markets/markets.routes.js';
import { makeLedgerService } from './modules/ledger/ledger.service.js';
import { makeMailService } from './modules/mail/mail.service.js';
import { makeFileTransport, makeSmtpTransport } from './modules/mail/mail-transport.js';
import { startMailWorker } from './modules/mail/mail-worker.js';
import { referralRoutes } from './modules/referrals/referrals.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { documentRoutes } from './modules/documents/documents.routes.js';
import { staffClientRoutes } from './modules/clients/staff-clients.routes.js';
import { makeStaffClientService } from './modules/clients/staff-clients.service.js';
import { overviewRoutes } from './modules/overview/overview.routes.js';
import { staffSupportRoutes } from './modules/support/staff-support.routes.js';
import { makeSessionService } from './modules/sessions/sessions.service.js';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { makeSubscriptionService } from './modules/subscriptions/subscriptions.service.js';
import { staffMoneyRoutes } from './modules/money/staff-money.routes.js';
import { makeMoneyQueries } from './modules/money/money.queries.js';
import { moneyRoutes } from './modules/money/money.routes.js';
import { makeMoneyService } from './modules/money/money.service.js';
import { staffMembersRoutes } from './modules/staff/staff-members.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { makeStaffService } from './modules/staff/staff.service.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin, { handleError } from './plugins/errors.js';
import securityPlugin, {
  AUTH_RATE_LIMIT,
  DOCS_CSP_DIRECTIVES,
  serializeCsp,
} from './plugins/security.js';
import type { AuthRateLimit } from './plugins/security.js';
import { loadWebBuild, webAppPlugin } from './plugins/web-app.js';

export const BODY_LIMIT_BYTES = 100 * 1024;
export const REQUEST_TIMEOUT_MS = 60_000;

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
}

// Credentials never reach the log, whatever a future log call includes.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["user-token"]',
  'req.headers["x-auth-token"]',
  'req.headers.cookie',
  'req.body.password',
  'req.body.confirmPassword',
  'body.password',
  'body.confirmPassword',
  'password',
  'token',
  '*.password',
  '*.token',
];

/**
 * A missing body validates as {} so that an empty POST gets the per-field messages (e.g.
 * 'First name is required') instead of one "expected object".
 */
const bodyTolerantValidatorCompiler: FastifySchemaCompiler<
  Parameters<typeof validatorCompiler>[0]['schema']
> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
};

/** A hop count becomes "trust the nearest N" (Fastify's typings take no number). */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/** "BrokerDesk <no-reply@…>" → "BrokerDesk"; a bare address → its domain. */
function brandName(mailFrom: string): string {
  const display = /^(.+?)\s*</.exec(mailFrom)?.[1]?.replace(/^"|"$/g, '');
  return display ?? mailFrom.replace(/^.*@/, '').replace(/>$/, '');
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A request whose body has not arrived after a minute is dropped: a trickling client
    // (slowloris) cannot hold a connection, nor delay a shutdown, for ever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false, // a caller-chosen id could forge log correlation
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Undecodable URLs are answered by the router before any hook: keep our error shape.
    frameworkErrors: handleError,
  });

  // Every answer names its request id (reqId in the log lines), so a caller's report of a
  // problem leads straight to the server's account of it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Once the app is closing (SIGTERM), each answer ends its connection. A keep-alive socket busy
  // when the signal came would otherwise stay open for its 72 s keep-alive timeout after its
  // answer, and hold the shutdown until SHUTDOWN_TIMEOUT_SECONDS forces the exit.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });

  app.setValidatorCompiler(bodyTolerantValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (some clients send a content type with no body, e.g. on logout) is
  // treated as no body; everything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

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
    // Failure counts (login lock-out, staff TOTP, per-IP limits): Redis when REDIS_URL is set,
    // so several instances count together; this process otherwise (docs/decisions/060).
    const attempts = await openSharedAttemptStore({
      redisUrl: config.redisUrl,
      prefix: deps.redisKeyPrefix,
      log: app.log,
    });
    beforeDatabaseCloses.push(attempts.close);
    const loginLockout = makeLoginLockout({ store: attempts.store, clock });
    const passwords = makePasswordHasher(deps.passwordParams ?? DEFAULT_PASSWORD_PARAMS);
    const sessions = makeSessionService({ db: openDb.db, clock });

    const mailTransport = config.smtpUrl
      ? makeSmtpTransport(config.smtpUrl)
      : makeFileTransport(join(config.dataDir, 'outbox'));
    const mailWorker = startMailWorker({
      db: openDb.db,
      clock,
      transport: mailTransport,
      from: config.mailFrom,
      log: app.log,
    });
    beforeDatabaseCloses.push(async () => {
      await mailWorker.stop();
      mailTransport.close();
    });
    const mail = makeMailService({
      brand: { companyName: brandName(config.mailFrom), publicUrl: config.publicUrl },
      clock,
      wakeWorker: mailWorker.wake,
    });
    const ledger = makeLedgerService({ db: openDb.db, clock });
    const accountLinks = makeAccountLinkService({
      db: openDb.db,
      clock,
      passwords,
      sessions,
      mail,
      lockout: loginLockout,
    });
    const clientService = makeClientService({
      db: openDb.db,
      clock,
      passwords,
      sessions,
      ledger,
      lockout: loginLockout,
      mail,
      issueVerification: accountLinks.issueVerification,
    });
    const moneyService = makeMoneyService({
      db: openDb.db,
      clock,
      ledger,
      fourEyesAboveMinor: config.fourEyesAboveMinor,
      mail,
    });
    const moneyQueries = makeMoneyQueries({ db: openDb.db, clock, ledger });
    const subscriptionService = makeSubscriptionService({ db: openDb.db, clock, ledger });
    const staffService = makeStaffService({
      db: openDb.db,
      clock,
      passwords,
      sessions,
      staff2fa: config.staff2fa,
      totpAttempts: attempts.store,
    });

    const firstStaff = await staffService.ensureFirstStaff({
      username: config.adminUsername,
      password: config.adminPassword,
      dataDir: config.dataDir,
    });
    if (firstStaff.passwordFile) {
      app.log.info(
        `Initial staff password written to ${firstStaff.passwordFile} (user "${config.adminUsername}")`,
      );
    } else if (firstStaff.created) {
      app.log.info(`Created the first staff account "${config.adminUsername}" with ADMIN_PASSWORD`);
    }

    const authRateLimit = deps.authRateLimit ?? AUTH_RATE_LIMIT;
    await app.register(errorsPlugin);
    await app.register(securityPlugin, { config, attempts: attempts.store, clock });
    await app.register(authPlugin, { sessions });

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'BrokerDesk API',
          description:
            'The seed-compatible calls keep their paths; errors are `{message, code?, fields?}`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            userToken: { type: 'apiKey', in: 'header', name: 'user-token' },
            staffToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: serializeCsp(config, DOCS_CSP_DIRECTIVES),
    });

    await app.register(healthRoutes, { db: openDb.db });
    await app.register(clientRoutes, { service: clientService, authRateLimit });
    await app.register(staffRoutes, { service: staffService, authRateLimit });
    await app.register(accountLinkRoutes, { service: accountLinks, authRateLimit });
    await app.register(sessionRoutes, { sessions });
    await app.register(reminderRoutes, {
      service: makeReminderService({ db: openDb.db, clock, mail }),
    });
    await app.register(staffMembersRoutes, { service: staffService });
    await app.register(marketsRoutes, { db: openDb.db, config });
    await app.register(activityRoutes, { db: openDb.db, config, clock });
    await app.register(supportRoutes, { db: openDb.db, config });
    await app.register(moneyRoutes, {
      service: moneyService,
      queries: moneyQueries,
    });
    await app.register(staffMoneyRoutes, {
      service: moneyService,
      queries: moneyQueries,
    });
    await app.register(subscriptionRoutes, { service: subscriptionService });
    await app.register(referralRoutes, { db: openDb.db });
    await app.register(staffClientRoutes, {
      service: makeStaffClientService({
        db: openDb.db,
        clock,
        ledger,
        clients: clientService,
        accountLinks,
      }),
    });
    await app.register(staffSupportRoutes, { db: openDb.db, clock, mail });
    await app.register(auditRoutes, { db: openDb.db });
    await app.register(documentRoutes, {
      db: openDb.db,
      clock,
      dataDir: config.dataDir,
      mail,
    });
    await app.register(overviewRoutes, { db: openDb.db, clock });

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
