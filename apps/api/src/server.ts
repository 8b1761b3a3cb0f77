// Entry point: validate the configuration, build the app, listen, and shut down cleanly.
// Start failures print one clear line and exit 1.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import type { Config } from './config.js';
import { DatabaseLockedError } from './db/pglite-lock.js';
import { PRIVATE_UMASK, makeDataDirPrivate } from './db/private-files.js';
import { WebBuildError } from './plugins/web-app.js';

function fail(message: string): never {
  console.error(`BrokerDesk could not start: ${message}`);
  process.exit(1);
}

function expectedStartError(error: unknown): string | null {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof WebBuildError
  ) {
    return error.message;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return 'the port is already in use; stop the other server or set PORT';
  if (code === 'EACCES' || code === 'EPERM')
    return 'permission denied (the port or DATA_DIR); choose another PORT or DATA_DIR';
  if (code === 'ECONNREFUSED') return 'cannot reach the database at DATABASE_URL';
  return null;
}

function listenUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host}:${port}`;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  let app: FastifyInstance;
  let repaired = 0;
  try {
    // Everything this process creates (database files, uploads, mail) is for its user only, and
    // what an earlier run left readable is repaired (docs/configuration.md, decision 104).
    process.umask(PRIVATE_UMASK);
    repaired = makeDataDirPrivate(config.dataDir);
    app = await buildApp(config);
  } catch (error) {
    const message = expectedStartError(error);
    if (message) fail(message);
    console.error(error);
    fail('unexpected error (details above)');
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined); // releases the PGlite lock
    fail(expectedStartError(error) ?? (error instanceof Error ? error.message : String(error)));
  }
  // With no PUBLIC_URL set the default (localhost:PORT) says nothing new.
  const defaultPublicUrl = config.publicUrl === `http://localhost:${config.port}`;
  const publicNote = defaultPublicUrl ? '' : ` (public URL ${config.publicUrl})`;
  if (repaired > 0) {
    app.log.info(`Made ${repaired} file(s) and folder(s) in DATA_DIR readable by this user only`);
  }
  app.log.info(`BrokerDesk is running at ${listenUrl(app, config)}${publicNote}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received: no new connections; finishing requests, then closing`);
    // Never hang for ever on a stuck request or connection (SHUTDOWN_TIMEOUT_SECONDS).
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownTimeoutMs / 1000} s: forcing exit`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => {
        app.log.info('BrokerDesk stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
