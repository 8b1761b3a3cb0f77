// The trading benchmark's growth part (bench/trading.mjs): how much the database grows per day
// of running with the simulated feed. The prices module's own simulator (a pure stepper) is run
// over one whole trading day, Sunday 21:00 to Monday 21:00 UTC, one step per 250 ms, counting
// the ticks it would log and the candle rows (symbol, period, bucket) they would create. Bytes
// per tick and per candle row are measured on the benchmark's database: rows written through
// the prices module's own statements (insertTicks, upsertCandles), then the tables' total size
// (heap, indexes, TOAST) after VACUUM FULL, divided by the rows added. Ticks are pruned after
// TICK_RETENTION_HOURS (2 h by default), so they hold a steady size (the busiest 2 h); candles
// are kept: they are the growth.
import { round } from './api-lib.mjs';
// Loaded first: it registers tsx, which the imports below need.
import './trading-engine.mjs';

const { makeSimulator, STEP_MS } =
  await import('../apps/api/src/modules/prices/sources/simulated.ts');
const { insertTicks, upsertCandles } =
  await import('../apps/api/src/modules/prices/prices.repo.ts');
const { aggregateCandles } = await import('../apps/api/src/modules/prices/candle-batch.ts');
const { CANDLE_PERIODS, candleBucket } = await import('../packages/shared/src/trading/index.ts');

const DAY_START = Date.parse('2026-03-01T21:00:00.000Z');
const DAY_MS = 24 * 3_600_000;
const RETENTION_MS = 2 * 3_600_000;

/** Ticks and candle rows of one simulated trading day (counts only). */
export function simulatedDay(seed = 1) {
  const simulator = makeSimulator({ seed });
  const lastBucket = new Map();
  let ticks = 0;
  let candleRows = 0;
  const perStep = [];
  let windowTicks = 0;
  let peakWindowTicks = 0;
  const windowSteps = RETENTION_MS / STEP_MS;
  const sample = [];
  for (let timeMs = DAY_START; timeMs < DAY_START + DAY_MS; timeMs += STEP_MS) {
    const quotes = simulator.step(timeMs);
    ticks += quotes.length;
    perStep.push(quotes.length);
    windowTicks += quotes.length;
    if (perStep.length > windowSteps) windowTicks -= perStep[perStep.length - 1 - windowSteps];
    peakWindowTicks = Math.max(peakWindowTicks, windowTicks);
    if (quotes.length === 0) continue;
    const buckets = CANDLE_PERIODS.map((period) => candleBucket(period, timeMs));
    for (const quote of quotes) {
      CANDLE_PERIODS.forEach((period, i) => {
        const key = `${quote.symbol} ${period}`;
        if (lastBucket.get(key) !== buckets[i]) {
          lastBucket.set(key, buckets[i]);
          candleRows += 1;
        }
      });
      if (sample.length < 50_000 && timeMs >= DAY_START + 11 * 3_600_000) sample.push(quote);
    }
  }
  return { ticks, candleRows, peakWindowTicks, sample };
}

/** Total bytes of a table with its indexes after VACUUM FULL. */
async function tableBytes(query, table) {
  await query(`vacuum full ${table}`);
  const [row] = await query(`select pg_total_relation_size('${table}')::bigint as bytes`);
  return Number(row.bytes);
}

/** Bytes per logged tick and per candle row, from `sample` quotes written in batches of 50. */
export async function bytesPerRow(engine, sample) {
  const ticksBefore = await tableBytes(engine.query, 'ticks');
  const candlesBefore = await tableBytes(engine.query, 'candles');
  const [{ n: candleRowsBefore }] = await engine.query('select count(*)::int as n from candles');
  for (let i = 0; i < sample.length; i += 50) {
    const batch = sample.slice(i, i + 50);
    await engine.db.transaction(async (tx) => {
      const logged = await insertTicks(tx, batch);
      await upsertCandles(tx, aggregateCandles(logged));
    });
  }
  const [{ n: candleRowsAfter }] = await engine.query('select count(*)::int as n from candles');
  const ticksAfter = await tableBytes(engine.query, 'ticks');
  const candlesAfter = await tableBytes(engine.query, 'candles');
  const added = candleRowsAfter - candleRowsBefore;
  return {
    bytesPerTick: round((ticksAfter - ticksBefore) / sample.length, 0),
    bytesPerCandleRow: round((candlesAfter - candlesBefore) / added, 0),
    sampleTicks: sample.length,
    sampleCandleRows: added,
  };
}

export function growthPerDay(day, bytes) {
  const mb = (value) => round(value / 1_000_000, 1);
  return {
    ticksPerDay: day.ticks,
    candleRowsPerDay: day.candleRows,
    ticksKeptAtPeak2h: day.peakWindowTicks,
    ...bytes,
    candleMbPerDay: mb(day.candleRows * bytes.bytesPerCandleRow),
    tickLogSteadyMb: mb(day.peakWindowTicks * bytes.bytesPerTick),
    tickMbWrittenPerDay: mb(day.ticks * bytes.bytesPerTick),
  };
}
