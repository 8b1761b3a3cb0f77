// The trading benchmark's in-process part (bench/trading.mjs): the real app (buildApp) on a
// scratch database with MARKET_DATA_PROVIDER=manual (NODE_ENV=test is what allows it), a seeded
// book, and ticks pushed through the price hub's manual source. A push resolves once the batch
// is logged with its candles (one transaction) and every tick listener is done, the engine's
// evaluator included (its candidate queries for the batch, the effects, the cursor): so the time
// a push takes is the time from a tick to its committed effects. The API's TypeScript is loaded through tsx.
import { register } from 'tsx/esm/api';
import { percentile, round } from './api-lib.mjs';
import { bookInstruments, bookState, pointsText, quoteWalk, seedBook } from './trading-book.mjs';

register();
const { buildApp } = await import('../apps/api/src/app.ts');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
export const { findSpec } = await import('../packages/shared/src/trading/index.ts');
const candidates = await import('../apps/api/src/modules/trading/trading-candidates.repo.ts');
// Only for the breakdown: the hub's own tick log writer, without the listeners after it.
const { makeTickLog } = await import('../apps/api/src/modules/prices/tick-log.ts');
const { sql } = await import('drizzle-orm');

/** A Monday morning: every instrument of the book is open. */
const START_TIME = '2026-03-02T08:00:00.000Z';

function clockFrom(iso) {
  const offset = Date.parse(iso) - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** The app on `scratch` (from api-lib scratchDatabase), with the manual price source. */
export async function startEngine(scratch) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATA_DIR: scratch.dataDir,
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    ADMIN_USERNAME: 'bench-owner',
    ADMIN_PASSWORD: 'bench-owner-password-1',
    WEB_DIST_DIR: `${scratch.dataDir}/no-web-build`,
    MARKET_DATA_PROVIDER: 'manual',
  });
  const database = await openDatabase(config);
  let services = null;
  const app = await buildApp(config, {
    db: database,
    clock: clockFrom(START_TIME),
    onServices: (built) => {
      services = built;
    },
  });
  const { db } = database;
  const query = async (text) => (await db.execute(sql.raw(text))).rows;
  const hub = services.priceHub;
  if (!hub.manual || !hub.isLeader()) throw new Error('the manual price source is not running');
  let timeMs = Date.parse(START_TIME) + 1_000;
  const walk = quoteWalk(bookInstruments(findSpec));
  return {
    db,
    kind: database.kind,
    query,
    hub,
    evaluator: services.trading.evaluator,
    instruments: bookInstruments(findSpec),
    /** The time of the next batch: `stepMs` after the previous one. */
    nextTime(stepMs) {
      timeMs += stepMs;
      return timeMs;
    },
    /** `size` quotes of the walk, one batch, `stepMs` after the previous batch. */
    nextBatch(size, stepMs) {
      const at = this.nextTime(stepMs);
      return Array.from({ length: size }, (_, i) => {
        const { instrument, bid, ask } = walk.next();
        return { instrument, bid, ask, timeMs: at + i };
      });
    },
    push(batch) {
      return hub.manual.push(
        batch.map(({ instrument, bid, ask, timeMs: at }) => ({
          symbol: instrument.symbol,
          bid: pointsText(bid, instrument.digits),
          ask: pointsText(ask, instrument.digits),
          time: new Date(at).toISOString(),
        })),
      );
    },
    app,
    close: () => app.close(),
  };
}

export async function seed(engine, size) {
  const started = performance.now();
  const accountIds = await seedBook(engine.query, engine.instruments, size);
  return { accountIds, seedMs: Math.round(performance.now() - started) };
}

/**
 * Ticks per second through the whole path (log + candles + evaluator) for batches of `size`,
 * pushed back to back for `durationMs` after a warm-up. Fails if anything triggered.
 */
export async function tickThroughput(engine, size, durationMs) {
  const stepMs = size === 1 ? 10 : 250;
  // Warm-up: about 100 ticks, at least 2 batches.
  for (let i = 0; i < Math.max(2, Math.ceil(100 / size)); i += 1) {
    await engine.push(engine.nextBatch(size, stepMs));
  }
  const before = await bookState(engine.query);
  let ticks = 0;
  let lastSeq = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    const logged = await engine.push(engine.nextBatch(size, stepMs));
    if (logged.length !== size) throw new Error(`a batch of ${size} logged ${logged.length}`);
    ticks += logged.length;
    lastSeq = logged.at(-1).seq;
  }
  const elapsedMs = performance.now() - started;
  const after = await bookState(engine.query);
  if (after.done !== before.done || after.closed !== before.closed) {
    throw new Error(`ticks meant to trigger nothing moved the book: ${JSON.stringify(after)}`);
  }
  const [cursor] = await engine.query('select last_seq from trading_evaluator_cursor');
  if (Number(cursor?.last_seq) !== lastSeq) {
    throw new Error(`the evaluator cursor is at ${cursor?.last_seq}, the log at ${lastSeq}`);
  }
  const [candles] = await engine.query(
    `select count(*)::int as n from candles where bucket >= '${START_TIME}'`,
  );
  return {
    batchSize: size,
    ticks,
    batches: ticks / size,
    ticksPerSec: round(ticks / (elapsedMs / 1000), 0),
    msPerBatch: round(elapsedMs / (ticks / size), 2),
    candleRows: candles.n,
  };
}

/**
 * Tick-to-committed-fill: for each sample a pending buy limit on EURUSD at the current ask is
 * inserted (in SQL, as the engine stores it) on the next account, then one tick at that ask is
 * pushed; the sample is the push's duration (logged, candles, evaluated, fill committed). Every
 * order must be filled at the end.
 */
export async function fillLatency(engine, accountIds, samples) {
  const eurusd = engine.instruments.find((instrument) => instrument.symbol === 'EURUSD');
  const bid = eurusd.base;
  const ask = bid + eurusd.spread;
  const times = [];
  const orderIds = [];
  for (let i = 0; i < samples + 10; i += 1) {
    const account = accountIds[i % accountIds.length];
    const [order] = await engine.query(`
      insert into trading_orders (account_id, symbol, side, type, volume, price,
        time_in_force, status, armed_seq)
      values ('${account}', 'EURUSD', 'buy', 'limit', 1, ${ask}, 'GTC', 'pending', 0)
      returning id`);
    const batch = [{ instrument: eurusd, bid, ask, timeMs: engine.nextTime(10) }];
    const started = performance.now();
    await engine.push(batch);
    const elapsed = performance.now() - started;
    if (i >= 10) {
      times.push(elapsed);
      orderIds.push(order.id);
    }
  }
  const [row] = await engine.query(`
    select count(*)::int as filled from trading_orders
    where id in (${orderIds.join(',')}) and status = 'filled' and position_id is not null`);
  if (row.filled !== orderIds.length) {
    throw new Error(`${orderIds.length - row.filled} of ${orderIds.length} orders did not fill`);
  }
  times.sort((a, b) => a - b);
  return {
    samples: times.length,
    filled: row.filled,
    p50Ms: round(percentile(times, 50), 2),
    p99Ms: round(percentile(times, 99), 2),
    maxMs: round(times.at(-1), 2),
  };
}

/** Mean ms of `work()` over `count` sequential calls, after 20 warm-ups. */
async function meanMs(count, work) {
  for (let i = 0; i < 20; i += 1) await work();
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await work();
  return round((performance.now() - started) / count, 3);
}

/**
 * Where a batch's time goes, measured on the same database after the runs above: the hub's tick
 * log alone (ticks and candles in one transaction, no listener) per tick for batches of 1 and
 * 100; the evaluator's two candidate queries (positions whose stops a tick reaches, orders a
 * tick triggers) for a batch of 1 and of 100 ticks; and a transaction holding only the cursor
 * update. These ticks bypass the hub, so this runs last.
 */
export async function breakdown(engine, count) {
  const tickLog = makeTickLog({ db: engine.db });
  const logOnly = {};
  for (const size of [1, 100]) {
    const perBatch = await meanMs(Math.max(20, Math.round(count / size) * 2), () =>
      tickLog.write(
        engine.nextBatch(size, size === 1 ? 10 : 250).map(({ instrument, bid, ask, timeMs }) => ({
          symbol: instrument.symbol,
          bid,
          ask,
          timeMs,
        })),
      ),
    );
    logOnly[size] = {
      msPerTick: round(perBatch / size, 3),
      ticksPerSec: round((1000 * size) / perBatch, 0),
    };
  }
  // A batch's price range per symbol, as the evaluator asks the candidate queries; seqs beyond
  // every armed order and position.
  const rangesOf = (size) => {
    const bySymbol = new Map();
    for (const { instrument, bid, ask } of engine.nextBatch(size, 250)) {
      const range = bySymbol.get(instrument.symbol) ?? {
        symbol: instrument.symbol,
        minBid: bid,
        maxBid: bid,
        minAsk: ask,
        maxAsk: ask,
        lastSeq: 1_000_000_000,
      };
      range.minBid = Math.min(range.minBid, bid);
      range.maxBid = Math.max(range.maxBid, bid);
      range.minAsk = Math.min(range.minAsk, ask);
      range.maxAsk = Math.max(range.maxAsk, ask);
      bySymbol.set(instrument.symbol, range);
    }
    return [...bySymbol.values()];
  };
  const [{ n: stopRows }] = await engine.query(
    `select count(*)::int as n from trading_positions where symbol = 'EURUSD' and status = 'open'
     and (sl is not null or tp is not null or trailing_points is not null)`,
  );
  const queries = {};
  for (const size of [1, 100]) {
    const ranges = rangesOf(size);
    const runs = Math.max(20, Math.round(count / (size === 1 ? 1 : 10)));
    queries[size] = {
      stopsMs: await meanMs(runs, () => candidates.findPositionsInRange(engine.db, ranges)),
      ordersMs: await meanMs(runs, () => candidates.findOrdersInRange(engine.db, ranges)),
    };
  }
  return {
    logOnlyBatch1: logOnly[1],
    logOnlyBatch100: logOnly[100],
    candidateQueriesBatch1: queries[1],
    candidateQueriesBatch100: queries[100],
    stopRowsPerSymbol: stopRows,
    // The machine's speed right now: one round trip that does nothing.
    selectOneMs: await meanMs(count, () => engine.query('select 1')),
    cursorOnlyTransactionMs: await meanMs(count, () =>
      engine.db.transaction((tx) => candidates.advanceCursor(tx, 0, new Date(START_TIME))),
    ),
  };
}
