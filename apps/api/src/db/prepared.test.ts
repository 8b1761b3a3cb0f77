// A prepared statement is built once and runs on whichever handle it is given: inside a
// transaction it must see that transaction's writes and nothing of them after a rollback, and on
// a second database it must read that database (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set).
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import type { Database, Db } from './client.js';
import { preparedQuery } from './prepared.js';

const probes = pgTable('prepared_probe', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
});

const labelsOf = preparedQuery((db) =>
  db
    .select({ label: probes.label })
    .from(probes)
    .where(eq(probes.id, sql.placeholder('id')))
    .prepare('test_prepared_probe_label'),
);

const insertProbe = preparedQuery((db) =>
  db
    .insert(probes)
    .values({ id: sql.placeholder('id'), label: sql.placeholder('label') })
    .returning({ id: probes.id })
    .prepare('test_prepared_probe_insert'),
);

let first: Database;
let second: Database;

async function withProbeTable(database: Database): Promise<void> {
  await database.db.execute(
    sql`create table prepared_probe (id integer primary key, label text not null)`,
  );
}

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await withProbeTable(first);
  await withProbeTable(second);
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

const labels = async (db: Db, id: number) => (await labelsOf(db, { id })).map((row) => row.label);

it('inside a transaction reads and writes that transaction, and a rollback keeps nothing', async () => {
  await insertProbe(first.db, { id: 1, label: 'committed' });
  await expect(
    first.db.transaction(async (tx) => {
      await insertProbe(tx, { id: 2, label: 'in the transaction' });
      expect(await labels(tx, 2)).toEqual(['in the transaction']);
      expect(await labels(tx, 1)).toEqual(['committed']);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await labels(first.db, 2)).toEqual([]);

  await first.db.transaction(async (tx) => {
    await insertProbe(tx, { id: 3, label: 'kept' });
  });
  expect(await labels(first.db, 3)).toEqual(['kept']);
});

it('on another database reads that database', async () => {
  await insertProbe(second.db, { id: 1, label: 'second database' });
  expect(await labels(second.db, 1)).toEqual(['second database']);
  expect(await labels(first.db, 1)).toEqual(['committed']);
  await second.db.transaction(async (tx) => {
    expect(await labels(tx, 1)).toEqual(['second database']);
  });
});
