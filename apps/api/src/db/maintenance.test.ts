import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './client.js';
import {
  findTablesDueForMaintenance,
  maintainEmbeddedDatabase,
  startEmbeddedMaintenance,
} from './maintenance.js';
import { createTestDatabase } from '../test/test-app.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function plannerRowEstimate(table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select reltuples from pg_class where relname = ${table}`,
  )) as unknown as { rows: { reltuples: number | string }[] };
  return Number(result.rows[0]?.reltuples);
}

async function fill(table: string, rows: number): Promise<void> {
  await database.db.execute(
    sql.raw(
      `insert into ${table} (n, note) select g, repeat('x', 40) from generate_series(1, ${rows}) g`,
    ),
  );
}

describe('embedded database maintenance', () => {
  it('vacuums and analyses a table that grew, once, so the planner knows its size', async () => {
    await database.db.execute(sql`create table maintenance_grown (n int, note text)`);
    await fill('maintenance_grown', 5_000);
    expect(await findTablesDueForMaintenance(database.db)).toContain('maintenance_grown');

    const pass = await maintainEmbeddedDatabase(database.db);

    expect(pass.tables).toContain('maintenance_grown');
    expect(await plannerRowEstimate('maintenance_grown')).toBe(5_000);
    expect(await findTablesDueForMaintenance(database.db)).not.toContain('maintenance_grown');
  });

  it('leaves a table alone until it grows by more than a tenth', async () => {
    await database.db.execute(sql`create table maintenance_steady (n int, note text)`);
    await fill('maintenance_steady', 5_000);
    await maintainEmbeddedDatabase(database.db);

    await fill('maintenance_steady', 100);
    expect(await findTablesDueForMaintenance(database.db)).not.toContain('maintenance_steady');
    await fill('maintenance_steady', 1_000);
    expect(await findTablesDueForMaintenance(database.db)).toContain('maintenance_steady');
  });

  it('runs a pass at start and again at each interval until stopped', async () => {
    await database.db.execute(sql`create table maintenance_scheduled (n int, note text)`);
    await fill('maintenance_scheduled', 2_000);
    const log = { info: vi.fn(), error: vi.fn() };

    const maintenance = await startEmbeddedMaintenance({ db: database.db, log, intervalMs: 50 });
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ tables: expect.arrayContaining(['maintenance_scheduled']) }),
      'embedded database vacuumed and analysed',
    );

    log.info.mockClear();
    await fill('maintenance_scheduled', 2_000);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 5_000 });
    expect(await plannerRowEstimate('maintenance_scheduled')).toBe(4_000);

    await maintenance.stop();
    log.info.mockClear();
    await fill('maintenance_scheduled', 4_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.info).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });
});
