// Trading (issue 18): the engine under a full book. With 10,000 pending orders and 5,000
// positions with SL/TP over 1,000 demo accounts (seeded in SQL, levels far from the market):
//   1. ticks evaluated per second when nothing triggers, through the real path (each batch
//      logged with its candles, then every tick evaluated in its transaction with the cursor),
//      for batches of 1, 25 and 100 ticks — target ≥ 20,000 ticks/s;
//   2. tick-to-committed-fill p50/p99 when a tick triggers one order — target p99 ≤ 20 ms on
//      PostgreSQL; and a breakdown of where a tick's time goes;
//   3. market orders over HTTP on the production server at a paced 200 orders/s over 50 demo
//      accounts, each with an Idempotency-Key — target p99 ≤ 50 ms;
//   4. the database's growth per day of the simulated feed (ticks kept 2 h, candles for ever).
// Parts 1–2 run in-process on the app built with the manual price source (trading-engine.mjs),
// part 3 in a production server on a replayed feed (trading-http.mjs). One JSON line per
// measure, then tables on stderr; targets are printed, never enforced by the exit code.
import { QUICK, databaseKinds, emit, main, printTable, scratchDatabase } from './api-lib.mjs';
import {
  breakdown,
  fillLatency,
  findSpec,
  seed,
  startEngine,
  tickThroughput,
} from './trading-engine.mjs';
import { bytesPerRow, growthPerDay, simulatedDay } from './trading-growth.mjs';
import { httpMarketOrders } from './trading-http.mjs';

const BENCH = 'trading';
const BOOK = { accounts: 1_000, orders: 10_000, positions: 5_000 };
// 500: what a replay at `max` logs per batch.
const BATCH_SIZES = [1, 25, 100, 500];
const DURATION_MS = QUICK ? 2_000 : 5_000;
const FILL_SAMPLES = QUICK ? 100 : 300;
const TICKS_TARGET = 20_000;
const FILL_P99_TARGET_MS = 20;
const HTTP = { traders: 50, rate: 200, seconds: QUICK ? 3 : 10 };
const HTTP_P99_TARGET_MS = 50;

const only = process.env.BENCH_TRADING_PARTS?.split(',') ?? ['ticks', 'http', 'growth'];

async function engineParts(kind, rows) {
  const scratch = await scratchDatabase(kind);
  const engine = await startEngine(scratch);
  try {
    const { accountIds, seedMs } = await seed(engine, BOOK);
    emit({ bench: BENCH, database: kind, measure: 'seed', ...BOOK, seedSqlMs: seedMs });
    for (const size of BATCH_SIZES) {
      const result = await tickThroughput(engine, size, DURATION_MS);
      const met = result.ticksPerSec >= TICKS_TARGET;
      emit({
        bench: BENCH,
        database: kind,
        measure: 'ticks-no-trigger',
        ...BOOK,
        ...result,
        target: { ticksPerSec: TICKS_TARGET, met },
      });
      rows.push({
        database: kind,
        measure: `ticks/s, batches of ${size}`,
        value: result.ticksPerSec,
        detail: `${result.msPerBatch} ms per batch`,
        target: met ? 'met' : `MISSED (< ${TICKS_TARGET})`,
      });
    }
    const fill = await fillLatency(engine, accountIds, FILL_SAMPLES);
    const met = fill.p99Ms <= FILL_P99_TARGET_MS;
    emit({
      bench: BENCH,
      database: kind,
      measure: 'tick-to-fill',
      ...fill,
      target: {
        p99Ms: FILL_P99_TARGET_MS,
        met,
        ...(kind === 'postgres' ? {} : { note: 'the target is for PostgreSQL' }),
      },
    });
    rows.push({
      database: kind,
      measure: 'tick-to-committed-fill p50 / p99 ms',
      value: `${fill.p50Ms} / ${fill.p99Ms}`,
      detail: `${fill.samples} samples, max ${fill.maxMs}`,
      target: met ? 'met' : `MISSED (> ${FILL_P99_TARGET_MS} ms)`,
    });
    const parts = await breakdown(engine, QUICK ? 100 : 300);
    emit({ bench: BENCH, database: kind, measure: 'tick-breakdown', ...parts });
    if (only.includes('growth')) {
      const day = simulatedDay();
      const growth = growthPerDay(day, await bytesPerRow(engine, day.sample));
      emit({ bench: BENCH, database: kind, measure: 'growth-per-day', ...growth });
      rows.push({
        database: kind,
        measure: 'candles MB/day (tick log steady MB)',
        value: `${growth.candleMbPerDay} (${growth.tickLogSteadyMb})`,
        detail: `${growth.ticksPerDay} ticks/day, ${growth.candleRowsPerDay} candle rows/day`,
        target: '',
      });
    }
    rows.push({
      database: kind,
      measure: 'breakdown ms: log/tick (1 | 100); stops + orders q (1 | 100 ticks); cursor tx',
      value: `${parts.logOnlyBatch1.msPerTick} | ${parts.logOnlyBatch100.msPerTick}; ${parts.candidateQueriesBatch1.stopsMs} + ${parts.candidateQueriesBatch1.ordersMs} | ${parts.candidateQueriesBatch100.stopsMs} + ${parts.candidateQueriesBatch100.ordersMs}; ${parts.cursorOnlyTransactionMs}`,
      detail: `${parts.stopRowsPerSymbol} EURUSD positions with stops`,
      target: '',
    });
    // The breakdown and growth parts wrote ticks straight to the log, around the hub: remove
    // them, so that nothing is left for the evaluator to catch up on while the app closes (on
    // PostgreSQL it once spent over 10 minutes evaluating them at close).
    await engine.query(
      'delete from ticks where seq > (select last_seq from trading_evaluator_cursor)',
    );
  } finally {
    await engine.close();
  }
}

async function httpPart(kind, rows, feed) {
  const result = await httpMarketOrders(await scratchDatabase(kind), findSpec, { ...HTTP, feed });
  const met =
    result.p99Ms <= HTTP_P99_TARGET_MS &&
    result.errors === 0 &&
    result.statuses['201'] === result.orders &&
    result.achievedRate >= HTTP.rate * 0.95;
  emit({
    bench: BENCH,
    database: kind,
    measure: 'http-market-orders',
    ...result,
    target: { p99Ms: HTTP_P99_TARGET_MS, rate: HTTP.rate, met },
  });
  rows.push({
    database: kind,
    measure: `HTTP market orders at ${HTTP.rate}/s, feed ${result.feed}: p50 / p99 ms`,
    value: `${result.p50Ms} / ${result.p99Ms}`,
    detail: `achieved ${result.achievedRate}/s, answers ${JSON.stringify(result.statuses)}`,
    target: met ? 'met' : `MISSED (p99 > ${HTTP_P99_TARGET_MS} ms or not all 201)`,
  });
}

await main(async () => {
  const rows = [];
  for (const kind of await databaseKinds(BENCH)) {
    if (only.includes('ticks')) await engineParts(kind, rows);
    // With the replayed feed running (the evaluator busy too), then without (orders alone).
    if (only.includes('http')) await httpPart(kind, rows, true);
    if (only.includes('http')) await httpPart(kind, rows, false);
  }
  printTable('Trading engine', rows);
});
