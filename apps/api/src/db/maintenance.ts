// Autovacuum's job for the embedded database. PGlite runs PostgreSQL in single-user mode, where
// autovacuum never runs and the cumulative statistics it would read stay at zero. Without it the
// planner keeps the statistics of an empty database (a client's 1,000-row statement was read with
// a bitmap scan and a sort instead of the newest-first index) and rows that are updated often
// (account totals, sessions, the mail outbox) leave dead versions behind for ever.
//
// PostgreSQL servers (DATABASE_URL) have their own autovacuum; this is not started for them.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** How often the embedded database is checked; a check that finds nothing is one cheap query. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 5 * 60_000;

/**
 * A table is due when its file grew by more than a tenth (and at least one page) since VACUUM or
 * ANALYZE last recorded its size: autovacuum's "50 rows + 10 %" rule, in pages, because page
 * counts are all single-user mode keeps.
 */
export async function findTablesDueForMaintenance(db: Db): Promise<string[]> {
  // pg and PGlite both answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
      and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int
          > c.relpages + greatest(1, c.relpages / 10)
    order by c.relname`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

export interface MaintenancePass {
  tables: string[];
  ms: number;
}

/** VACUUM (ANALYZE) each table that is due; each is its own short statement. */
export async function maintainEmbeddedDatabase(db: Db): Promise<MaintenancePass> {
  const started = performance.now();
  const tables = await findTablesDueForMaintenance(db);
  for (const table of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return { tables, ms: Math.round(performance.now() - started) };
}

interface MaintenanceLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface EmbeddedMaintenance {
  /** Waits for a pass in progress, then schedules no more. */
  stop(): Promise<void>;
}

/**
 * Runs one pass now (so a restarted site plans with fresh statistics from its first request),
 * then every `intervalMs`. A failed pass is logged and retried at the next interval.
 */
export async function startEmbeddedMaintenance({
  db,
  log,
  intervalMs = EMBEDDED_MAINTENANCE_INTERVAL_MS,
}: {
  db: Db;
  log: MaintenanceLog;
  intervalMs?: number;
}): Promise<EmbeddedMaintenance> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    try {
      const { tables, ms } = await maintainEmbeddedDatabase(db);
      if (tables.length > 0) log.info({ tables, ms }, 'embedded database vacuumed and analysed');
    } catch (error) {
      log.error({ err: error }, 'embedded database maintenance failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().then(schedule);
    }, intervalMs);
    timer.unref();
  };

  running = pass();
  await running;
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
