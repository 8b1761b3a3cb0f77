// `npm run crash:trading`: the production server is SIGKILLed while a burst of pending orders
// triggers, restarted on the same data, and then the database is read directly to prove that no
// fill was lost or doubled (issue 18; docs/trading.md "Exactly once").
//
// 1. Replay file A (a flat EUR/USD, logged at REPLAY_SPEED=max) gives the orders a quote to be
//    placed against: each client's demo account places buy stops, sell limits and buy limits at
//    staggered levels, each with a take profit or stop loss that a later tick crosses.
// 2. The server restarts on replay file B: EUR/USD climbs through every level and falls back
//    through them, so every order fills and every stop closes its position. While it runs the
//    server is SIGKILLed at random moments and started again on the same data: the replay resumes
//    after the last logged tick and the evaluator from its cursor.
// 3. With the server stopped, the checks read the tables: every order filled exactly once, at the
//    price of the first logged tick that crossed it; every crossed stop closed its position
//    exactly once, at the first tick at or after the fill that crossed it; each demo balance
//    is the opening balance plus its deals' P/L; the cursor reached the last logged tick.
//
//   node stress/crash-trading.mjs [--quick] [--engine pglite|postgres|both] [--seed S]
//
// --quick: fewer orders, one kill (CI runs it after the build). PostgreSQL: a scratch database
// on TEST_DATABASE_URL, BENCH_POSTGRES_URL or postgres://root@127.0.0.1:5432/test; without an
// answer there (and without --engine), PGlite only, with a line saying so. Exit 1 on a failure.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { callApi as call, prng, waitForQuote } from '../bench/lib.mjs';
import { startProductionServer } from '../scripts/production-server.mjs';

if (process.env.TEST_DATABASE_URL) process.env.BENCH_POSTGRES_URL = process.env.TEST_DATABASE_URL;
const { OWNER, ensureBuild, main, onCleanup, openSql, postgresAvailable, ownerHeaders } =
  await import('../bench/api-lib.mjs');
const { registerClient, scratchDataDir, scratchPostgres } = await import('../bench/api-lib.mjs');

const START = Date.parse('2026-03-02T08:00:00.000Z'); // a Monday: EUR/USD is open all day
const STEP_MS = 250;
const SPREAD = 30; // EUR/USD points (PRODUCT §11.2)
const BASE_MID = 110_000; // 1.10000
const DEMO_BALANCE_MINOR = 1_000_000;

const print = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const price = (points) => (points / 100_000).toFixed(5);

function options() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      engine: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
  return {
    quick: values.quick,
    engine: values.engine,
    seed,
    clients: values.quick ? 3 : 6,
    ordersPerClient: values.quick ? 12 : 40,
    kills: values.quick ? 1 : 4,
  };
}

// ---- the replay files ------------------------------------------------------------------------

function tickLine(mid, time) {
  const bid = mid - SPREAD / 2;
  return JSON.stringify({
    symbol: 'EURUSD',
    bid: price(bid),
    ask: price(bid + SPREAD),
    time: new Date(time).toISOString(),
  });
}

/** A: 20 flat ticks. B: up `climb` points a point a tick, then back down past the start. */
function writeReplayFiles(dir, climb) {
  const flat = [];
  let time = START;
  for (let i = 0; i < 20; i += 1, time += STEP_MS) flat.push(tickLine(BASE_MID, time));
  const moves = [];
  for (let up = 1; up <= climb; up += 1, time += STEP_MS) moves.push(tickLine(BASE_MID + up, time));
  for (let down = climb - 1; down >= -200; down -= 1, time += STEP_MS)
    moves.push(tickLine(BASE_MID + down, time));
  const flatFile = join(dir, 'flat.jsonl');
  const movesFile = join(dir, 'moves.jsonl');
  writeFileSync(flatFile, `${flat.join('\n')}\n`);
  writeFileSync(movesFile, `${moves.join('\n')}\n`);
  return { flatFile, movesFile, movesTicks: moves.length };
}

/**
 * The orders of one client: levels 40 points apart above the quote (buy stops, sell limits) and
 * below it (buy limits, which fill on the way down), each with a stop the later moves cross.
 */
function ordersFor(clientIndex, count, random) {
  const orders = [];
  for (let i = 0; i < count; i += 1) {
    const level = 200 + 40 * ((clientIndex * count + i) % 25) + Math.floor(random() * 10);
    const kind = i % 3;
    if (kind === 0) {
      const at = BASE_MID - SPREAD / 2 + SPREAD + level; // an ask above the current one
      orders.push({ side: 'buy', type: 'stop', price: at, tp: at + 150 });
    } else if (kind === 1) {
      const at = BASE_MID - SPREAD / 2 + level; // a bid above the current one
      orders.push({ side: 'sell', type: 'limit', price: at, sl: at + 150 });
    } else {
      const at = BASE_MID + SPREAD / 2 - 100 - Math.floor(random() * 60); // an ask below
      orders.push({ side: 'buy', type: 'limit', price: at, sl: at - 90 });
    }
  }
  return orders;
}

// ---- one engine ------------------------------------------------------------------------------

async function runOnEngine(engine, opts) {
  const started = Date.now();
  const random = prng(opts.seed);
  const dataDir = scratchDataDir('brokerdesk-crash-trading-');
  const databaseUrl = engine === 'postgres' ? await scratchPostgres() : undefined;
  const database = { kind: engine, dataDir, databaseUrl };
  const maxLevel = 200 + 40 * 24 + 10 + SPREAD + 200;
  const files = writeReplayFiles(dataDir, maxLevel);
  const baseEnv = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    STAFF_2FA: 'optional',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    MARKET_DATA_PROVIDER: 'replay',
    DEMO_BALANCE_USD: String(DEMO_BALANCE_MINOR / 100),
  };
  let server = null;
  const stopServer = onCleanup(async () => server?.kill());
  void stopServer;

  // 1. Orders against the flat quote.
  server = await startProductionServer({
    ...baseEnv,
    REPLAY_FILE: files.flatFile,
    REPLAY_SPEED: 'max',
  });
  const staff = await ownerHeaders(server.baseUrl);
  await waitForQuote(server.baseUrl);
  const placed = [];
  const accounts = [];
  for (let c = 0; c < opts.clients; c += 1) {
    const client = await registerClient(server.baseUrl, staff);
    const account = await call(server.baseUrl, 'POST', '/api/trading/accounts', {
      headers: client.headers,
      body: { kind: 'demo' },
    });
    accounts.push({ id: account.id, headers: client.headers });
    for (const order of ordersFor(c, opts.ordersPerClient, random)) {
      const body = {
        symbol: 'EURUSD',
        side: order.side,
        type: order.type,
        volume: '0.01',
        price: price(order.price),
        ...(order.tp ? { tp: price(order.tp) } : {}),
        ...(order.sl ? { sl: price(order.sl) } : {}),
      };
      const answer = await call(
        server.baseUrl,
        'POST',
        `/api/trading/accounts/${account.id}/orders`,
        {
          headers: { ...client.headers, 'idempotency-key': crypto.randomUUID() },
          body,
        },
      );
      placed.push({ ...order, id: Number(answer.orders[0].id), accountId: account.id });
    }
  }
  await server.stop();
  print(`  ${engine}: ${placed.length} pending orders on ${opts.clients} demo accounts`);

  // 2. The moves, with kills.
  const movesEnv = { ...baseEnv, REPLAY_FILE: files.movesFile, REPLAY_SPEED: '20' };
  let kills = 0;
  const restarts = [];
  const pendingAtKills = [];
  server = await startProductionServer(movesEnv);
  for (let k = 0; k < opts.kills; k += 1) {
    // Kill once a random share of what is left has filled: mid-burst, by construction.
    const left = (await pendingCount(server.baseUrl, accounts)) ?? placed.length;
    const target = Math.floor(left * (1 - (k + 1) / (opts.kills + 1)) * (0.7 + 0.3 * random()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      const pending = await pendingCount(server.baseUrl, accounts);
      if ((pending !== null && pending <= target) || Date.now() > deadline) {
        pendingAtKills.push(pending);
        break;
      }
      await sleep(50);
    }
    await server.kill('SIGKILL');
    kills += 1;
    const restartStarted = Date.now();
    server = await startProductionServer(movesEnv);
    restarts.push(Date.now() - restartStarted);
  }
  await waitForReplayEnd(server.baseUrl, BASE_MID - 200);
  await server.stop();
  server = null;

  // 3. The checks, on the database itself.
  const sqlDb = await openSql(database);
  const failures = [];
  try {
    const ticks = await sqlDb.query(
      `select seq::int8 as seq, bid::int8 as bid, ask::int8 as ask from ticks
        where symbol = 'EURUSD' order by seq`,
    );
    const orders = await sqlDb.query(
      `select id::int8 as id, status, position_id::int8 as position_id from trading_orders`,
    );
    const deals = await sqlDb.query(
      `select key, account_id, position_id::int8 as position_id, order_id::int8 as order_id,
              entry, price::int8 as price, tick_seq::int8 as tick_seq, pnl_minor::int8 as pnl,
              reason from trading_deals`,
    );
    const accounts = await sqlDb.query(
      `select id, balance_minor::int8 as balance from trading_accounts`,
    );
    const [cursor] = await sqlDb.query(
      `select last_seq::int8 as seq from trading_evaluator_cursor`,
    );
    const byId = new Map(orders.map((row) => [Number(row.id), row]));
    const fillDeals = new Map();
    const closeDeals = new Map();
    for (const deal of deals) {
      const target = deal.entry === 'in' ? fillDeals : closeDeals;
      const id = Number(deal.entry === 'in' ? deal.order_id : deal.position_id);
      target.set(id, [...(target.get(id) ?? []), deal]);
    }
    const numberTicks = ticks.map((t) => ({
      seq: Number(t.seq),
      bid: Number(t.bid),
      ask: Number(t.ask),
    }));
    const lastSeq = numberTicks.at(-1)?.seq ?? 0;
    if (Number(cursor?.seq) !== lastSeq)
      failures.push(`the evaluator cursor is ${cursor?.seq}, the last logged tick ${lastSeq}`);

    let filled = 0;
    let stopped = 0;
    for (const order of placed) {
      const row = byId.get(order.id);
      const fills = fillDeals.get(order.id) ?? [];
      const trigger = numberTicks.find((t) =>
        order.type === 'stop'
          ? t.ask >= order.price
          : order.side === 'buy'
            ? t.ask <= order.price
            : t.bid >= order.price,
      );
      if (!trigger) {
        failures.push(`order ${order.id}: no logged tick crossed ${order.price} (test data)`);
        continue;
      }
      if (row?.status !== 'filled' || fills.length !== 1) {
        failures.push(`order ${order.id}: status ${row?.status}, ${fills.length} fill deals`);
        continue;
      }
      filled += 1;
      const fill = fills[0];
      const expected = order.side === 'buy' ? trigger.ask : trigger.bid;
      if (Number(fill.price) !== expected || Number(fill.tick_seq) !== trigger.seq)
        failures.push(
          `order ${order.id}: filled at ${fill.price} (tick ${fill.tick_seq}), expected ${expected} (tick ${trigger.seq})`,
        );
      const positionId = Number(fill.position_id);
      const closes = closeDeals.get(positionId) ?? [];
      const stopAt = order.tp ?? order.sl;
      const crossing = numberTicks.find(
        (t) =>
          t.seq >= Number(fill.tick_seq) &&
          (order.side === 'buy' ? (order.tp ? t.bid >= stopAt : t.bid <= stopAt) : t.ask >= stopAt),
      );
      if (!crossing) continue;
      const exitPrice = order.side === 'buy' ? crossing.bid : crossing.ask;
      if (closes.length !== 1 || Number(closes[0].price) !== exitPrice) {
        failures.push(
          `position ${positionId}: ${closes.length} closes (${closes.map((d) => d.price).join(', ')}), expected one at ${exitPrice}`,
        );
        continue;
      }
      stopped += 1;
    }
    for (const account of accounts) {
      const pnl = deals
        .filter((deal) => deal.account_id === account.id)
        .reduce((sum, deal) => sum + Number(deal.pnl ?? 0), 0);
      if (Number(account.balance) !== DEMO_BALANCE_MINOR + pnl)
        failures.push(
          `account ${account.id}: balance ${account.balance}, opening + deals' P/L ${DEMO_BALANCE_MINOR + pnl}`,
        );
    }
    const mark = failures.length === 0 ? '✔' : '✖';
    print(
      `${mark} ${engine}: ${kills} kills (restart mean ${seconds(restarts.reduce((a, b) => a + b, 0) / Math.max(1, restarts.length))}), ` +
        `${pendingAtKills.join(', ')} of ${placed.length} orders pending at the kills, ` +
        `${numberTicks.length} ticks logged, ${filled}/${placed.length} orders filled once at their tick, ` +
        `${stopped} stops closed once, ${accounts.length} balances = opening + P/L, ${seconds(Date.now() - started)}`,
    );
    for (const failure of failures.slice(0, 20)) print(`    ${failure}`);
    if (failures.length > 20) print(`    … and ${failures.length - 20} more`);
  } finally {
    await sqlDb.close();
  }
  return failures.length === 0;
}

/** Orders still pending over all accounts (null if the server did not answer). */
async function pendingCount(baseUrl, accounts) {
  try {
    let count = 0;
    for (const account of accounts) {
      const orders = await call(
        baseUrl,
        'GET',
        `/api/trading/accounts/${account.id}/orders?status=pending`,
        {
          headers: account.headers,
        },
      );
      count += orders.length;
    }
    return count;
  } catch {
    return null;
  }
}

/** Until the replay's last tick (the bottom of the fall) is the latest quote. */
async function waitForReplayEnd(baseUrl, lastMid) {
  const lastBid = price(lastMid - SPREAD / 2);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const answer = await call(baseUrl, 'GET', '/api/trading/quotes?symbols=EURUSD').catch(
      () => null,
    );
    if (answer?.quotes?.[0]?.bid === lastBid) {
      await sleep(1_000); // the evaluator commits the last batch after the quote is published
      return;
    }
    if (Date.now() > deadline) throw new Error('the replay did not reach its last tick in 3 min');
    await sleep(200);
  }
}

await main(async () => {
  const opts = options();
  await ensureBuild();
  const engines = [];
  if (opts.engine === 'both' || opts.engine === undefined || opts.engine === 'pglite')
    engines.push('pglite');
  if (opts.engine === 'both' || opts.engine === 'postgres') engines.push('postgres');
  else if (opts.engine === undefined) {
    if (await postgresAvailable()) engines.push('postgres');
    else print('PostgreSQL does not answer: PGlite only');
  }
  print(`crash:trading seed ${opts.seed}${opts.quick ? ' (quick)' : ''}`);
  // The engines run side by side: each has its own data, port and seeded decisions, and its
  // lines name it. Most of a run is its replay's time at speed 20, not CPU.
  const outcomes = await Promise.all(engines.map((engine) => runOnEngine(engine, opts)));
  if (!outcomes.every(Boolean)) throw new Error(`crash:trading failed (seed ${opts.seed})`);
});
