import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_ROLES } from '@brokerdesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.js';
import { databaseUrl, dropDatabase, quoteIdent, withAdminClient } from '../test/postgres.js';
import '../test/provided.js';
import { MIGRATIONS_FOLDER, openDatabase } from './client.js';
import type { Database } from './client.js';
import { DatabaseLockedError, acquireDirectoryLock } from './pglite-lock.js';
import { STAFF_ROLE_VALUES } from './schema.js';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'brokerdesk-db-test-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('openDatabase with PGlite', () => {
  it('refuses a second opener of the same DATA_DIR with a clear message, and frees it on close', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const first: Database = await openDatabase(config);
    try {
      const lockPath = join(dataDir, 'pglite.lock');
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
      const second = openDatabase(config);
      await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(second).rejects.toThrow(
        `Another BrokerDesk process (pid ${process.pid}) is using ${join(dataDir, 'pglite')}; stop it or set DATA_DIR/DATABASE_URL`,
      );
      await first.migrate();
      await first.migrate(); // idempotent
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });
});

describe.runIf(inject('postgres'))('migrations on PostgreSQL', () => {
  it('lets several instances start at once: the advisory lock serialises the migrations', async () => {
    const postgres = inject('postgres');
    if (!postgres) return;
    const name = `bd_test_${postgres.runId}_migrate`;
    await withAdminClient(postgres.adminUrl, (client) =>
      client.query(`create database ${quoteIdent(name)}`),
    );
    const config = loadConfig({ DATABASE_URL: databaseUrl(postgres.adminUrl, name) });
    const instances = await Promise.all([
      openDatabase(config),
      openDatabase(config),
      openDatabase(config),
    ]);
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const applied = await withAdminClient(databaseUrl(postgres.adminUrl, name), (client) =>
        client.query('select count(*)::int as count from drizzle.__drizzle_migrations'),
      );
      // Each migration applied exactly once, however many instances raced to apply it.
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied.rows).toEqual([{ count: journal.entries.length }]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await withAdminClient(postgres.adminUrl, (client) => dropDatabase(client, name));
    }
  });
});

describe.runIf(inject('postgres'))('time limits on PostgreSQL', () => {
  it('gives requests 5 s a statement and operator scripts no limit', async () => {
    const postgres = inject('postgres');
    if (!postgres) return;
    const config = loadConfig({ DATABASE_URL: databaseUrl(postgres.adminUrl, 'postgres') });
    const timeoutOf = async (database: Database) => {
      const { rows } = (await database.db.execute(sql`show statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      return rows[0]?.statement_timeout;
    };
    const requests = await openDatabase(config);
    const script = await openDatabase(config, { unlimitedStatements: true });
    try {
      expect(await timeoutOf(requests)).toBe('5s');
      expect(await timeoutOf(script)).toBe('0');
    } finally {
      await requests.close();
      await script.close();
    }
  });
});

describe('acquireDirectoryLock', () => {
  it('takes over a lock left by a process that no longer exists', () => {
    const lockPath = join(dataDir, 'stale.lock');
    writeFileSync(lockPath, '2147483646\n'); // no such pid
    const lock = acquireDirectoryLock(lockPath, dataDir);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    const lockPath = join(dataDir, 'garbage.lock');
    writeFileSync(lockPath, 'not a pid');
    const lock = acquireDirectoryLock(lockPath, dataDir);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses while the owning process lives', () => {
    const lockPath = join(dataDir, 'live.lock');
    writeFileSync(lockPath, `${process.ppid}\n`); // our parent: certainly alive
    expect(() => acquireDirectoryLock(lockPath, dataDir)).toThrow(`pid ${process.ppid}`);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.ppid)); // left alone
  });
});

describe('schema', () => {
  it('allows exactly the shared staff roles', () => {
    expect([...STAFF_ROLE_VALUES]).toEqual([...STAFF_ROLES]);
  });
});
