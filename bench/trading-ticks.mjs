// Trading ticks (issue 18, PRODUCT §11.15): how many ticks a second the price leader can log
// with their candles (one INSERT … unnest and one candle upsert per batch, in one transaction,
// through the hub's own tick log), fed with the simulator's real batches (a step's quotes: the
// 11 majors every 250 ms, all 73 every 4th step), on PGlite and PostgreSQL; then the database's
// growth per day of simulated running: the ticks a trading day makes, what they weigh while they
// are kept (TICK_RETENTION_HOURS), and what the candles they leave weigh for good.
// Runs in-process: the API's TypeScript is loaded through tsx, as `npm run serve` does.
import { register } from 'tsx/esm/api';
import {
  QUICK,
  databaseKinds,
  emit,
  main,
  printTable,
  round,
  scratchDatabase,
} from './api-lib.mjs';

register();
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { makeTickLog } = await import('../apps/api/src/modules/prices/tick-log.ts');
const { makeSimulator, STEP_MS } =
  await import('../apps/api/src/modules/prices/sources/simulated.ts');
const { sql } = await import('drizzle-orm');

const BENCH = 'trading-ticks';
const DURATION_MS = QUICK ? 3_000 : 10_000;
/** The simulated feed writes about 80 ticks/s (PRODUCT §11.15: ~100): the target is 5× that. */
const TARGET_TICKS_PER_SEC = 400;
const MONDAY = Date.parse('2026-03-02T08:00:00.000Z');
const DAY_MS = 86_400_000;

/** The batches of `steps` consecutive simulator steps from Monday 08:00. */
function simulatedBatches(seed, fromMs, steps) {
  const simulator = makeSimulator({ seed });
  const batches = [];
  for (let i = 0; i < steps; i += 1) {
    const batch = simulator.step(fromMs + i * STEP_MS);
    if (batch.length > 0) batches.push(batch);
  }
  return batches;
}

/** Ticks one simulated trading day makes (a weekday, every instrument at its own hours). */
function ticksPerTradingDay() {
  // Sampled: one step in 16 of the day, each batch of 4 consecutive steps (so both cadences).
  const simulator = makeSimulator({ seed: 1 });
  const dayStart = Date.parse('2026-03-02T21:00:00.000Z');
  let ticks = 0;
  const stepsPerDay = DAY_MS / STEP_MS;
  let sampled = 0;
  for (let i = 0; i < stepsPerDay; i += 16) {
    for (let j = 0; j < 4; j += 1) ticks += simulator.step(dayStart + (i + j) * STEP_MS).length;
    sampled += 4;
  }
  return Math.round((ticks / sampled) * stepsPerDay);
}

async function tableBytes(db, table) {
  const { rows } = await db.execute(
    sql`select pg_total_relation_size(${table}::regclass)::bigint as bytes,
        (select count(*) from ${sql.raw(table)})::bigint as rows`,
  );
  return { bytes: Number(rows[0].bytes), rows: Number(rows[0].rows) };
}

await main(async () => {
  const rows = [];
  const perDay = ticksPerTradingDay();
  for (const kind of await databaseKinds(BENCH)) {
    const scratch = await scratchDatabase(kind);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.databaseUrl,
      ADMIN_PASSWORD: 'unused-bench-password',
    });
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const { db } = database;
      const log = makeTickLog({ db });
      // Enough simulated steps for the whole run (replayed in order, as the leader would).
      const batches = simulatedBatches(1, MONDAY, QUICK ? 20_000 : 80_000);
      for (const batch of batches.slice(0, 20)) await log.write(batch); // warm-up
      let next = 20;
      /** Logs batches of `group` simulator batches each for `ms`: ticks/s and batches/s. */
      const measure = async (group, ms) => {
        let logged = 0;
        let written = 0;
        const started = performance.now();
        while (performance.now() - started < ms && next + group <= batches.length) {
          const batch = batches.slice(next, next + group).flat();
          logged += (await log.write(batch)).length;
          written += 1;
          next += group;
        }
        const seconds = (performance.now() - started) / 1000;
        return {
          perSec: logged / seconds,
          batchesPerSec: written / seconds,
          perBatch: logged / written,
        };
      };
      // As the simulated feed writes (one step's quotes a batch), then as a replay at `max` does.
      const feed = await measure(1, DURATION_MS / 2);
      const replay = await measure(25, DURATION_MS / 2);
      const perSec = feed.perSec;
      const seconds = DURATION_MS / 1000;

      if (kind === 'postgres') await db.execute(sql`vacuum analyze ticks, candles`);
      const ticks = await tableBytes(db, 'ticks');
      const candles = await tableBytes(db, 'candles');
      const bytesPerTick = ticks.bytes / ticks.rows;
      const bytesPerCandle = candles.bytes / candles.rows;
      // Candle rows a day: every instrument, every period bucket it trades in (1m … 1d).
      const candleRowsPerDay = 73 * (1_440 + 288 + 96 + 24 + 1);
      const retentionHours = config.tickRetentionHours;
      const result = {
        bench: BENCH,
        database: kind,
        durationMs: Math.round(seconds * 1000),
        ticksPerSec: round(perSec, 0),
        batchesPerSec: round(feed.batchesPerSec, 0),
        ticksPerBatch: round(feed.perBatch, 1),
        replayBatches: {
          ticksPerSec: round(replay.perSec, 0),
          ticksPerBatch: round(replay.perBatch, 1),
        },
        target: { ticksPerSec: TARGET_TICKS_PER_SEC, met: perSec >= TARGET_TICKS_PER_SEC },
        growth: {
          ticksPerTradingDay: perDay,
          bytesPerTick: round(bytesPerTick, 0),
          ticksKeptBytes: Math.round((bytesPerTick * perDay * retentionHours) / 24),
          ticksUnprunedBytesPerDay: Math.round(bytesPerTick * perDay),
          candleRowsPerDay,
          bytesPerCandle: round(bytesPerCandle, 0),
          candlesBytesPerDay: Math.round(bytesPerCandle * candleRowsPerDay),
        },
      };
      emit(result);
      rows.push({
        database: kind,
        'ticks/s': result.ticksPerSec,
        'ticks/batch': result.ticksPerBatch,
        'ticks/s (500/batch)': result.replayBatches.ticksPerSec,
        target: result.target.met ? 'met' : `MISSED (< ${TARGET_TICKS_PER_SEC})`,
        'ticks/day': perDay,
        'B/tick': result.growth.bytesPerTick,
        'kept ticks MB': round(result.growth.ticksKeptBytes / 1e6, 1),
        'candles MB/day': round(result.growth.candlesBytesPerDay / 1e6, 1),
      });
    } finally {
      await database.close();
    }
  }
  printTable(
    `Trading ticks: the leader's tick log and candles, ${DURATION_MS / 1000} s per database`,
    rows,
  );
});
