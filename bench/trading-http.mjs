// The trading benchmark's HTTP part (bench/trading.mjs): market orders through the production
// server (scripts/production-server.mjs) while a replayed feed moves prices. The feed is a
// generated replay file starting on a Monday morning (today may be a weekend, when every market
// is closed), played at speed 1 in the same shape as the simulator: the majors every 250 ms, the
// rest every second. Clients register and sign in through the public forms (TRUST_PROXY=true and
// one X-Forwarded-For address each, so the per-address sign-in limit does not stop the set-up)
// and open a demo account each. Then an open loop sends market orders at a fixed rate, each with
// its own Idempotency-Key, whatever the answers take: latency is from the planned send time, so
// a server that falls behind shows it instead of slowing the load down.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile, round, startApp } from './api-lib.mjs';
import { BOOK_SYMBOLS, bookInstruments, pointsText, quoteWalk } from './trading-book.mjs';

const REPLAY_START = Date.parse('2026-03-02T08:00:00.000Z');
const MAJORS = 8;

/** A replay file of `seconds` of quotes for the book's instruments; returns its path. */
export function writeReplayFile(dir, findSpec, seconds) {
  const instruments = bookInstruments(findSpec);
  const walks = instruments.map((instrument) => quoteWalk([instrument]));
  const lines = [];
  for (let step = 0; step < seconds * 4; step += 1) {
    const time = new Date(REPLAY_START + step * 250).toISOString();
    instruments.forEach((instrument, i) => {
      if (i >= MAJORS && step % 4 !== 0) return;
      const { bid, ask } = walks[i].next();
      lines.push(
        JSON.stringify({
          symbol: instrument.symbol,
          bid: pointsText(bid, instrument.digits),
          ask: pointsText(ask, instrument.digits),
          time,
        }),
      );
    });
  }
  const path = join(dir, 'replay.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, ticks: lines.length, ticksPerSecond: round(lines.length / seconds, 0) };
}

async function call(baseUrl, method, path, { headers = {}, body } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A client through the public form, signed in, with a demo account. */
async function demoTrader(baseUrl, index) {
  const address = { 'x-forwarded-for': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` };
  const email = `bench-http-${randomUUID()}@example.com`;
  const password = 'bench-client-password';
  await call(baseUrl, 'POST', '/api/userRegister/send', {
    headers: address,
    body: {
      firstName: 'Bench',
      lastName: 'Trader',
      email,
      phone: '447700900123',
      password,
      confirmPassword: password,
      country: 'United Kingdom',
    },
  });
  const { token } = await call(baseUrl, 'POST', '/api/userLogin/send', {
    headers: address,
    body: { email, password },
  });
  const headers = { 'user-token': token };
  const account = await call(baseUrl, 'POST', '/api/trading/accounts', {
    headers,
    body: { kind: 'demo' },
  });
  return { headers, accountId: account.id };
}

/**
 * Sends `rate` market orders per second for `seconds` over `traders`, open loop; returns
 * latency percentiles (from each order's planned time), achieved rate and answer counts.
 */
async function pacedOrders(baseUrl, traders, { rate, seconds, warmup }) {
  const symbols = BOOK_SYMBOLS.slice(0, MAJORS);
  const send = async (i) => {
    const trader = traders[i % traders.length];
    const response = await fetch(`${baseUrl}/api/trading/accounts/${trader.accountId}/orders`, {
      method: 'POST',
      headers: {
        ...trader.headers,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        symbol: symbols[i % symbols.length],
        side: i % 2 === 0 ? 'buy' : 'sell',
        type: 'market',
        volume: '0.01',
      }),
    });
    const text = await response.text();
    if (response.status === 201) return '201';
    // Refusals by status and code (e.g. "409 MARKET_CLOSED"): what a caller would see.
    let code = '';
    try {
      code = JSON.parse(text).code ?? '';
    } catch {
      // not JSON: the status alone
    }
    return `${response.status} ${code}`.trim();
  };
  for (let i = 0; i < warmup; i += 1) await send(i);
  const total = rate * seconds;
  const statuses = {};
  const latencies = [];
  let errors = 0;
  let firstError = null;
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i += 1) {
    const planned = started + (i * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send(warmup + i).then(
        (status) => {
          latencies.push(performance.now() - planned);
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
        (error) => {
          errors += 1;
          firstError ??= String(error.cause?.code ?? error.cause?.message ?? error.message);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    orders: total,
    targetRate: rate,
    achievedRate: round((latencies.length + errors) / elapsedS, 0),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(latencies.at(-1), 1),
    statuses,
    errors,
    ...(firstError ? { firstError } : {}),
  };
}

/** The whole HTTP measure on `database` (from api-lib scratchDatabase). */
export async function httpMarketOrders(database, findSpec, { traders, rate, seconds, feed }) {
  // Feed off: a 2-second file; at its end the replay clock stops and the last quotes stay fresh.
  const replay = writeReplayFile(database.dataDir, findSpec, feed ? 600 : 2);
  const app = await startApp(database, {
    MARKET_DATA_PROVIDER: 'replay',
    REPLAY_FILE: replay.path,
    REPLAY_SPEED: '1',
    TRUST_PROXY: 'true',
  });
  try {
    const set = [];
    for (let i = 0; i < traders; i += 1) set.push(await demoTrader(app.baseUrl, i));
    const result = await pacedOrders(app.baseUrl, set, { rate, seconds, warmup: 50 });
    return { traders, feed: feed ? `${replay.ticksPerSecond} ticks/s` : 'off', ...result };
  } finally {
    await app.stop();
  }
}
