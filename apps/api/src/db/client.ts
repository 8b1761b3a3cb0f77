// Opens the one database: embedded PGlite in DATA_DIR/pglite (default) or PostgreSQL through a
// pool when DATABASE_URL is set. Both speak the same Drizzle pg-core schema.
//
// Rule (docs/product.md §9): inside db.transaction use the `tx` handle only — PGlite has a single
// connection, so touching the top-level db there deadlocks.
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { acquireDirectoryLock } from './pglite-lock.js';
import { makeDataDirPrivate } from './private-files.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database or transaction handle; repos take one as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies pending migrations under an advisory lock (several instances may start at once). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The node-postgres pool behind a handle, if any (null on PGlite): what needs a session of its
 * own (leadership, LISTEN) opens one from it, and only a shared database has other instances.
 */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Arbitrary but fixed: every BrokerDesk instance serialises migrations on this key.
const MIGRATION_LOCK_KEY = 727_405_163;

/** PostgreSQL statements running longer than this are cancelled (mapped to 503). */
export const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * The limits every PostgreSQL pool gets, so a slow or unreachable database answers 503 instead
 * of holding requests forever: a request waits at most POOL_WAIT_TIMEOUT_MS for a connection
 * (all busy, or the server does not answer a connect), a statement runs at most
 * STATEMENT_TIMEOUT_MS (lock waits included), a reply that never comes is given up a little
 * later on our side, and a transaction left idle (a bug) loses its locks after 30 s.
 */
export const POOL_WAIT_TIMEOUT_MS = 10_000;

export function poolLimits(max: number): pg.PoolConfig {
  return {
    max,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS + 2_000,
    idle_in_transaction_session_timeout: 30_000,
  };
}

export interface OpenDatabaseOptions {
  /** Called for errors on idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /**
   * No statement time limit: for operator scripts (`ledger:check`) whose one query over a big
   * ledger may rightly take longer than a request may.
   */
  unlimitedStatements?: boolean;
}

/**
 * Like libpq (psql), a URL without a user name connects as the operating-system user;
 * node-postgres would otherwise send no user at all when USER is unset.
 */
export function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.username) return databaseUrl;
  url.username = encodeURIComponent(userInfo().username);
  return url.toString();
}

export async function openDatabase(
  config: Config,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(config.databaseUrl),
      ...poolLimits(config.databasePoolMax),
      ...(options.unlimitedStatements ? { statement_timeout: 0, query_timeout: undefined } : {}),
    });
    return databaseFromPool(pool, options);
  }

  // The ledger's files are for this user only (0700/0600), repaired before and after opening:
  // PGlite sets its initial files to 0666 whatever the umask (src/db/private-files.ts).
  makeDataDirPrivate(config.dataDir);
  const dir = join(config.dataDir, 'pglite');
  const lock = acquireDirectoryLock(join(config.dataDir, 'pglite.lock'), dir);
  try {
    const client = new PGlite(dir);
    await client.waitReady;
    makeDataDirPrivate(config.dataDir);
    return databaseFromPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps an open PGlite (tests pass one loaded from a migrated template). */
export function databaseFromPglite(client: PGlite, afterClose?: () => void): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      // PGlite is single-process; the lock is harmless and keeps one code path.
      await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      try {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
      }
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        afterClose?.();
      }
    },
  };
}

export function databaseFromPool(pool: pg.Pool, options: OpenDatabaseOptions = {}): Database {
  // An idle connection that drops (a restart, a network cut) is reported on the pool; with no
  // listener that would end the process. The next query simply gets a new connection.
  pool.on('error', (error) => options.onPoolError?.(error));
  // A connection that drops while checked out (mid-transaction, between two statements) emits
  // 'error' on its client, which the pool no longer listens to: unheard, it would end the
  // process. Its query fails on its own, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Session-level advisory lock: it must be taken and released on the same connection,
      // and the migrations run on that connection too.
      // Its own connection without the pool's time limits: building an index on a big table
      // may take minutes, and an instance must not give up half-way through.
      const connection = new pg.Client({
        ...pool.options,
        statement_timeout: undefined,
        query_timeout: undefined,
      });
      connection.on('error', () => undefined); // the failing query reports it
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client: connection, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        await connection.end();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
