// The trading checks of `npm run cluster` (issue 18): the instances replay one EUR/USD file that
// swings ±100 points every 16 seconds, and
// - every instance streams the same quotes (the leader logs them, the others receive them);
// - a buy limit placed through one instance and a sell limit through another each fill once,
//   whichever instance the evaluator runs on;
// - when the instance leading the prices is killed, another takes over: quotes keep coming and
//   a triggered order still fills once.
// cluster.mjs calls these with its check() and HTTP helpers.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const START = Date.parse('2026-03-02T08:00:00.000Z'); // a Monday: EUR/USD is open
const STEP_MS = 250;
const PERIOD_TICKS = 64; // 16 s of replay time at REPLAY_SPEED=1
const AMPLITUDE = 100; // points
const SPREAD = 30;
const MID = 110_000;
/** PRICE_LEADER_LOCK_KEY in apps/api/src/modules/prices/leader.ts. */
const LEADER_LOCK_KEY = 727_405_121;

const price = (points) => (points / 100_000).toFixed(5);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment that points every instance at the swinging replay file (one hour of it). */
export function tradingEnv(dataDir) {
  const lines = [];
  for (let i = 0; i < 14_400; i += 1) {
    const mid = MID + Math.round(AMPLITUDE * Math.sin((2 * Math.PI * i) / PERIOD_TICKS));
    const bid = mid - SPREAD / 2;
    lines.push(
      JSON.stringify({
        symbol: 'EURUSD',
        bid: price(bid),
        ask: price(bid + SPREAD),
        time: new Date(START + i * STEP_MS).toISOString(),
      }),
    );
  }
  const file = join(dataDir, 'cluster-replay.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { MARKET_DATA_PROVIDER: 'replay', REPLAY_FILE: file, REPLAY_SPEED: '1' };
}

/** The quotes `baseUrl` streams for `ms` milliseconds: `time bid ask` strings in order. */
async function streamedQuotes(baseUrl, ms) {
  const seen = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const response = await fetch(`${baseUrl}/api/trading/stream?symbols=EURUSD`, {
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!/^event: quote$/m.test(event)) continue;
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (!data) continue;
        const quote = JSON.parse(data);
        seen.push(`${quote.time} ${quote.bid} ${quote.ask}`);
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return seen;
}

/** Every instance streams the same quotes over the same few seconds. */
export async function checkSamePrices({ instances, check }) {
  const streams = await Promise.all(
    instances.map((instance) => streamedQuotes(instance.baseUrl, 4_000)),
  );
  // Streams open a moment apart: compare where they overlap.
  const [first, ...others] = streams;
  const common = first.filter((quote) => others.every((stream) => stream.includes(quote)));
  const agreeInOrder = others.every((stream) => {
    const shared = stream.filter((quote) => common.includes(quote));
    return shared.join('|') === common.join('|');
  });
  check(
    'every instance streams the same prices',
    common.length >= 8 && agreeInOrder,
    `${streams.map((stream, i) => `${instances[i].name} ${stream.length}`).join(', ')} quotes in 4 s; ` +
      `${common.length} seen by all, in the same order`,
  );
}

/** The instance whose process holds the price leader's advisory lock, or null. */
async function leaderInstance(databaseUrl, instances) {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query(
      `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.objid = $1 and l.granted
          and l.database = (select oid from pg_database where datname = current_database())`,
      [LEADER_LOCK_KEY],
    );
    const pid = Number(/(\d+)$/.exec(rows[0]?.application_name ?? '')?.[1]);
    return instances.find((instance) => instance.pid === pid) ?? null;
  } finally {
    await sql.end();
  }
}

async function json(baseUrl, method, path, { headers = {}, body } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * A buy limit through `first` and a sell limit through `second`, each 40 points inside the
 * swing: both fill within one period. Returns what both instances then say about them.
 */
async function placeAndWatch({ first, second, headers, accountId }) {
  const orders = [];
  // A buy limit 70 points under an ask in the upper part of the swing, a sell limit 70 points
  // over a bid in its lower part: both inside the swing, so both trigger within a period.
  for (const [instance, side] of [
    [first, 'buy'],
    [second, 'sell'],
  ]) {
    // The quote may move between reading it and the order arriving: a refusal for a price now
    // too close is what a trader would get too, and they would try again.
    let answer = null;
    const until = Date.now() + 30_000;
    while (Date.now() < until && answer?.status !== 201) {
      const quote = (await json(instance.baseUrl, 'GET', '/api/trading/quotes?symbols=EURUSD')).body
        .quotes[0];
      const ask = Math.round(Number(quote.ask) * 100_000);
      const bid = Math.round(Number(quote.bid) * 100_000);
      const at =
        side === 'buy' ? (ask >= MID + 30 ? ask - 70 : null) : bid <= MID - 30 ? bid + 70 : null;
      if (at === null) {
        await sleep(100);
        continue;
      }
      answer = await json(instance.baseUrl, 'POST', `/api/trading/accounts/${accountId}/orders`, {
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: { symbol: 'EURUSD', volume: '0.01', side, type: 'limit', price: price(at) },
      });
      if (answer.status !== 201 && answer.body?.code !== 'INVALID_PRICE') break;
    }
    if (answer?.status !== 201)
      throw new Error(
        `order on ${instance.name}: ${answer?.status} ${JSON.stringify(answer?.body)}`,
      );
    orders.push(String(answer.body.orders[0].id));
  }
  const deadline = Date.now() + 40_000;
  for (;;) {
    const views = await Promise.all(
      [first, second].map(async (instance) => {
        const history = await json(
          instance.baseUrl,
          'GET',
          `/api/trading/accounts/${accountId}/orders?status=history`,
          { headers },
        );
        const deals = await json(
          instance.baseUrl,
          'GET',
          `/api/trading/accounts/${accountId}/deals?limit=100`,
          {
            headers,
          },
        );
        return orders.map((id) => ({
          filled: history.body.some(
            (order) => String(order.id) === id && order.status === 'filled',
          ),
          fills: deals.body.deals.filter((deal) => String(deal.orderId) === id).length,
        }));
      }),
    );
    const done = views.every((view) => view.every((order) => order.filled));
    if (done || Date.now() > deadline) return { orders, views };
    await sleep(500);
  }
}

function filledOnce({ views }) {
  return views.every((view) => view.every((order) => order.filled && order.fills === 1));
}

/** Triggered orders fill once; then the leader is killed and the survivors carry on. */
export async function checkTriggeredOrders({ cluster, check, clientHeaders }) {
  const [a, b] = cluster.instances;
  const account = await json(a.baseUrl, 'POST', '/api/trading/accounts', {
    headers: clientHeaders,
    body: { kind: 'demo' },
  });
  if (account.status !== 201) throw new Error(`demo account: ${account.status}`);
  const accountId = account.body.id;
  const before = await placeAndWatch({ first: a, second: b, headers: clientHeaders, accountId });
  check(
    'a triggered order fills once, seen alike by every instance',
    filledOnce(before),
    `orders ${before.orders.join(', ')} placed through ${a.name} and ${b.name}: ` +
      before.views
        .map(
          (view, i) => `${[a, b][i].name} sees ${view.map((o) => `${o.fills} fill`).join(' / ')}`,
        )
        .join('; '),
  );

  const leader = await leaderInstance(cluster.databaseUrl, cluster.instances);
  if (!leader) {
    check('the price leader is known', false, 'no instance holds the advisory lock');
    return;
  }
  const survivors = cluster.instances.filter((instance) => instance !== leader);
  const killedAt = Date.now();
  await leader.kill('SIGKILL');
  const lastBefore = (await json(survivors[0].baseUrl, 'GET', '/api/trading/quotes?symbols=EURUSD'))
    .body.quotes[0].time;
  let takeover = null;
  while (Date.now() - killedAt < 20_000) {
    const now = (await json(survivors[0].baseUrl, 'GET', '/api/trading/quotes?symbols=EURUSD')).body
      .quotes[0].time;
    if (now > lastBefore) {
      takeover = await leaderInstance(cluster.databaseUrl, survivors);
      if (takeover) break;
    }
    await sleep(250);
  }
  const tookOverMs = Date.now() - killedAt;
  check(
    'price leadership is taken over when the leader dies',
    takeover !== null,
    takeover
      ? `${leader.name} killed; ${takeover.name} leads and new quotes flow after ${(tookOverMs / 1000).toFixed(1)} s`
      : `${leader.name} killed; no new quote or leader within 20 s`,
  );
  if (!takeover) return;
  const [first, second = first] = survivors;
  const after = await placeAndWatch({ first, second, headers: clientHeaders, accountId });
  check(
    'after the take-over a triggered order still fills once',
    filledOnce(after),
    `orders ${after.orders.join(', ')}: ` +
      after.views.map((view) => view.map((o) => `${o.fills} fill`).join(' / ')).join('; '),
  );
}
