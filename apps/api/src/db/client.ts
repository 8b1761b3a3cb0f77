// Opens the one database: embedded PGlite in DATA_DIR/pglite (default) or PostgreSQL through a
// pool when DATABASE_URL is set. Both speak the same Drizzle pg-core schema.
//
// Rule (PRODUCT.md §9): inside db.transaction use the `tx` handle only — PGlite has a single
// connection, so touching the top-level db there deadlocks.
import { mkdirSync } from 'node:fs';
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

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Arbitrary but fixed: every BrokerDesk instance serialises migrations on this key.
const MIGRATION_LOCK_KEY = 727_405_163;

/** PostgreSQL statements running longer than this are cancelled (mapped to 503). */
export const STATEMENT_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  /** Called for errors on idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
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
      statement_timeout: STATEMENT_TIMEOUT_MS,
      max: 10,
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    return databaseFromPool(pool);
  }

  mkdirSync(config.dataDir, { recursive: true });
  const dir = join(config.dataDir, 'pglite');
  const lock = acquireDirectoryLock(join(config.dataDir, 'pglite.lock'), dir);
  try {
    const client = new PGlite(dir);
    await client.waitReady;
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

export function databaseFromPool(pool: pg.Pool): Database {
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Session-level advisory lock: it must be taken and released on the same connection,
      // and the migrations run on that connection too.
      const connection = await pool.connect();
      try {
        await connection.query('set statement_timeout = 0');
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client: connection, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          await connection.query('reset statement_timeout');
        }
      } finally {
        connection.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
