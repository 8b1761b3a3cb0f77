// The price hub (docs/prices.md): on the leader it runs the source, logs each batch (ticks and
// candles in one transaction), publishes it to the other instances and awaits its listeners
// before the next; on every instance it keeps the latest tick per symbol and calls the tick
// listeners in seq order. Leadership, fan-out and the source are chosen from the config.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from '../../config.js';
import { poolOf } from '../../db/client.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { closeRedis, connectRedis, REDIS_KEY_PREFIX } from '../../lib/redis-attempt-store.js';
import { noFanOut, postgresFanOut, redisFanOut } from './fan-out.js';
import type { FanOut, TickMessage } from './fan-out.js';
import { advisoryLockLeadership, alwaysLeader, LEADER_RETRY_MS } from './leader.js';
import type { Leadership } from './leader.js';
import { pruneTicks } from './maintenance.js';
import { selectLatestTicks, selectTickRange, selectTicksAfter } from './prices.repo.js';
import { makeManualSource } from './sources/manual.js';
import type { ManualQuote } from './sources/manual.js';
import { chooseSeed, makeConfiguredSource } from './sources/configured.js';
import { loadReplayFile } from './sources/replay.js';
import type { PriceSource } from './sources/source.js';
import type { SourceQuote, Tick } from './tick.js';
import { makeTickLog } from './tick-log.js';
import { makeBadTickFilter } from './bad-tick-filter.js';
import type { ScreenResult } from './bad-tick-filter.js';
import { insertHeldTick, settleHeldTick } from './held-ticks.repo.js';
import type { DroppedCounts } from './tick-log.js';

export type TickListener = (ticks: readonly Tick[]) => Promise<void> | void;
export type ClockListener = (nowMs: number) => Promise<void> | void;

export interface PriceHub {
  readonly source: string;
  latest(symbol: string): Tick | undefined;
  now(): number;
  isLeader(): boolean;
  onTicks(listener: TickListener): () => void;
  onLeadership(listener: (leader: boolean) => void): () => void;
  setPruneFloor(floor: () => Promise<number>): void;
  readonly manual?: {
    push(quotes: ManualQuote[]): Promise<Tick[]>;
    advanceTo(time: string): Promise<void>;
  };
  onClock(listener: ClockListener): () => void;
  /** Ticks the leader dropped (unknown symbol, closed market, bad prices) since it started. */
  dropped(): DroppedCounts;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type PriceHubConfig = Pick<
  Config,
  | 'marketDataProvider'
  | 'marketSeed'
  | 'replayFile'
  | 'replaySpeed'
  | 'replayLoop'
  | 'tickRetentionHours'
  | 'redisUrl'
>;

export interface HubLog {
  info(message: string): void;
  warn(object: { err: unknown }, message: string): void;
  error(object: { err: unknown }, message: string): void;
}

export interface PriceHubDeps {
  db: Db;
  config: PriceHubConfig;
  clock: Clock;
  log: HubLog;
  /** Redis pub/sub when config.redisUrl is set: the key prefix (default `bd:`). */
  redis?: { prefix?: string };
  /** Tests shorten these; production uses the defaults. */
  timing?: { leaderRetryMs?: number; clockEveryMs?: number; pruneEveryMs?: number };
  /** Tests may run a source of their own (a stepped simulator). */
  source?: PriceSource;
  /** The dealing desk's spread markup per symbol, read as each quote is made (decision 130). */
  markupPoints?: (symbol: string) => number;
  /** The desk's bad-tick threshold in spreads per symbol, null for off (decision 134). */
  badTickSpreads?: (symbol: string) => number | null;
}

function dedicatedConnection(pool: pg.Pool): () => pg.Client {
  return () =>
    new pg.Client({
      ...pool.options,
      statement_timeout: undefined,
      query_timeout: undefined,
      keepAlive: true,
      // Names the process in pg_stat_activity, so an operator (and `npm run cluster`) can see
      // which instance holds the price leader's lock.
      application_name: `brokerdesk-prices-${process.pid}`,
    });
}

export function makePriceHub(deps: PriceHubDeps): PriceHub {
  const { db, config, clock, log } = deps;
  const instanceId = randomUUID();
  const retryMs = deps.timing?.leaderRetryMs ?? LEADER_RETRY_MS;
  const clockEveryMs = deps.timing?.clockEveryMs ?? 1_000;
  const pruneEveryMs = deps.timing?.pruneEveryMs ?? 60_000;
  const pool = poolOf(db);
  const tickLog = makeTickLog({ db });
  const badTicks = makeBadTickFilter({
    thresholdOf: deps.badTickSpreads ?? (() => null),
    lastLogged: (symbol) => latestBySymbol.get(symbol),
  });
  /** Held quotes' report rows, so the next quote can say what each was. */
  const heldRowIds = new WeakMap<SourceQuote, number>();
  const manual =
    config.marketDataProvider === 'manual'
      ? makeManualSource({ startMs: clock.now().getTime() })
      : null;
  const sourceName = deps.source?.name ?? config.marketDataProvider;

  const latestBySymbol = new Map<string, Tick>();
  let lastSeq = 0;
  const tickListeners = new Set<TickListener>();
  const clockListeners = new Set<ClockListener>();
  const leadershipListeners = new Set<(leader: boolean) => void>();
  let pruneFloor: (() => Promise<number>) | null = null;
  let running: PriceSource | null = null;
  let timers: NodeJS.Timeout[] = [];
  let fanOut: FanOut = noFanOut;
  let redisClients: Redis[] = [];
  let leadership: Leadership | null = null;
  let stopped = false;
  const seed = chooseSeed(config.marketSeed);
  let replay: SourceQuote[] | null = null;
  // One queue for everything that touches the listeners or `latest`: batches stay in seq order.
  let queue: Promise<void> = Promise.resolve();

  function enqueue(work: () => Promise<void>): Promise<void> {
    const next = queue.then(work).catch((error: unknown) => {
      log.error({ err: error }, 'price hub work failed');
    });
    queue = next;
    return next;
  }

  // Followers catch up from the log when they reconnect: a failed publish is worth one line a
  // minute, not one per batch.
  let lastPublishWarning = Number.NEGATIVE_INFINITY;
  function warnPublish(error: unknown) {
    if (Date.now() - lastPublishWarning < 60_000) return;
    lastPublishWarning = Date.now();
    log.warn({ err: error }, 'price fan-out publish failed (followers will catch up from the log)');
  }

  function remember(ticks: readonly Tick[]): Tick[] {
    const fresh = ticks.filter((tick) => tick.seq > lastSeq);
    for (const tick of fresh) {
      latestBySymbol.set(tick.symbol, tick);
      lastSeq = Math.max(lastSeq, tick.seq);
    }
    return fresh;
  }

  async function deliver(ticks: readonly Tick[]): Promise<void> {
    if (ticks.length === 0) return;
    for (const listener of [...tickListeners]) {
      try {
        await listener(ticks);
      } catch (error) {
        log.error({ err: error }, 'a tick listener failed');
      }
    }
  }

  /** Reads what the log holds past what this instance has seen, and delivers it. */
  async function catchUp(): Promise<void> {
    for (;;) {
      const page = await selectTicksAfter(db, lastSeq, 1_000);
      if (page.length === 0) return;
      await deliver(remember(page));
    }
  }

  // The leader's path for each batch a source produces.
  async function emit(quotes: Parameters<Parameters<PriceSource['start']>[0]>[0]) {
    const screened = badTicks.screen(quotes);
    if (screened.held.length > 0 || screened.resolved.length > 0) await reportHeld(screened);
    const ticks = await tickLog.write(screened.kept);
    if (ticks.length === 0) return ticks;
    let delivered: Promise<void> = Promise.resolve();
    await enqueue(async () => {
      const fresh = remember(ticks);
      const message: TickMessage = {
        from: instanceId,
        firstSeq: ticks[0]?.seq ?? 0,
        lastSeq: ticks.at(-1)?.seq ?? 0,
        ticks,
      };
      fanOut.publish(message).catch(warnPublish);
      delivered = deliver(fresh);
      await delivered;
    });
    return ticks;
  }

  /** The bad-tick filter's report: a row per held quote, its outcome once the next one decides. */
  async function reportHeld(screened: ScreenResult): Promise<void> {
    for (const { quote, outcome } of screened.resolved) {
      const id = heldRowIds.get(quote);
      if (id !== undefined) await settleHeldTick(db, id, outcome);
    }
    for (const held of screened.held) {
      heldRowIds.set(held.quote, await insertHeldTick(db, held));
      log.info(
        `bad-tick filter held back ${held.quote.symbol} ${held.quote.bid}/${held.quote.ask} points (last ${held.last.bid}/${held.last.ask}, more than ${held.thresholdSpreads} spreads)`,
      );
    }
  }

  function onMessage(message: TickMessage) {
    if (message.from === instanceId) return;
    void enqueue(async () => {
      if (leadership?.isLeader() || message.lastSeq <= lastSeq) return;
      // A message missed before this one (a gap in seq): read everything new from the log.
      if (message.firstSeq > lastSeq + 1 && lastSeq > 0) {
        await catchUp();
        return;
      }
      const ticks = message.ticks ?? (await selectTickRange(db, message.firstSeq, message.lastSeq));
      await deliver(remember(ticks));
    });
  }

  async function runClockListeners(nowMs: number): Promise<void> {
    for (const listener of [...clockListeners]) {
      try {
        await listener(nowMs);
      } catch (error) {
        log.error({ err: error }, 'a clock listener failed');
      }
    }
  }

  function startTimers() {
    let ticking = false;
    if (!manual) {
      const clockTimer = setInterval(() => {
        if (ticking || !running) return;
        ticking = true;
        void runClockListeners(hub.now()).finally(() => {
          ticking = false;
        });
      }, clockEveryMs);
      timers.push(clockTimer);
    }
    let pruning = false;
    const pruneTimer = setInterval(() => {
      if (pruning || !running) return;
      pruning = true;
      void (async () => {
        const floor = pruneFloor ? await pruneFloor() : Number.MAX_SAFE_INTEGER;
        await pruneTicks(db, {
          nowMs: hub.now(),
          retentionHours: config.tickRetentionHours,
          floorSeq: floor,
        });
      })()
        .catch((error: unknown) => log.warn({ err: error }, 'tick pruning failed'))
        .finally(() => {
          pruning = false;
        });
    }, pruneEveryMs);
    timers.push(pruneTimer);
    for (const timer of timers) timer.unref();
  }

  // Leads once the log is caught up and the listeners know: isLeader() is true from then on,
  // when the source already takes batches (a test's push right after it succeeds).
  async function startLeading(): Promise<void> {
    await catchUp();
    if (stopped || !leadership?.isLeader()) return;
    const source =
      manual ??
      deps.source ??
      makeConfiguredSource({
        config,
        clock,
        latest: [...latestBySymbol.values()],
        seed,
        replay,
        markupPoints: deps.markupPoints,
      });
    for (const listener of [...leadershipListeners]) listener(true);
    running = source;
    source.start(emit);
    startTimers();
  }

  async function stopLeading(): Promise<void> {
    for (const timer of timers) clearInterval(timer);
    timers = [];
    const source = running;
    running = null;
    if (source) await source.stop();
  }

  function leadershipChanged(leader: boolean) {
    if (leader) {
      void enqueue(startLeading);
      return;
    }
    const wasLeading = running !== null;
    void stopLeading();
    if (wasLeading) for (const listener of [...leadershipListeners]) listener(false);
  }

  const hub: PriceHub = {
    source: sourceName,
    latest: (symbol) => latestBySymbol.get(symbol),
    now() {
      if (manual) return manual.now();
      if (running) return running.now();
      if (config.marketDataProvider === 'replay') {
        let max = 0;
        for (const tick of latestBySymbol.values()) max = Math.max(max, tick.timeMs);
        return max || clock.now().getTime();
      }
      return clock.now().getTime();
    },
    isLeader: () => running !== null && (leadership?.isLeader() ?? false),
    onTicks(listener) {
      tickListeners.add(listener);
      return () => void tickListeners.delete(listener);
    },
    onLeadership(listener) {
      leadershipListeners.add(listener);
      return () => void leadershipListeners.delete(listener);
    },
    setPruneFloor(floor) {
      pruneFloor = floor;
    },
    onClock(listener) {
      clockListeners.add(listener);
      return () => void clockListeners.delete(listener);
    },
    dropped: () => tickLog.dropped(),
    ...(manual
      ? {
          manual: {
            push: (quotes: ManualQuote[]) => manual.push(quotes),
            async advanceTo(time: string) {
              const nowMs = manual.advanceTo(time);
              await enqueue(() => runClockListeners(nowMs));
            },
          },
        }
      : {}),
    async start() {
      // A bad replay file stops the start, naming its first bad line.
      if (config.marketDataProvider === 'replay' && config.replayFile && !deps.source) {
        replay = loadReplayFile(config.replayFile);
      }
      if (config.marketDataProvider === 'simulated' && !deps.source) {
        log.info(`simulated prices, seed ${seed}`);
      }
      for (const tick of await selectLatestTicks(db)) remember([tick]);
      if (config.redisUrl) {
        const [publisher, subscriber] = await Promise.all([
          connectRedis(config.redisUrl, log),
          connectRedis(config.redisUrl, log),
        ]);
        redisClients = [publisher, subscriber];
        fanOut = redisFanOut({
          publisher,
          subscriber,
          channel: `${deps.redis?.prefix ?? REDIS_KEY_PREFIX}prices:ticks`,
        });
      } else if (pool) {
        fanOut = postgresFanOut({ db, connection: dedicatedConnection(pool), retryMs, log });
      }
      await fanOut.subscribe(onMessage, () => {
        if (!leadership?.isLeader()) void enqueue(catchUp);
      });
      leadership = pool
        ? advisoryLockLeadership({
            connection: dedicatedConnection(pool),
            onChange: leadershipChanged,
            log,
            retryMs,
          })
        : alwaysLeader(leadershipChanged);
      await leadership.start();
      await queue;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // The source stops before the lock goes, so no tick is written by a former leader.
      await stopLeading();
      await leadership?.stop();
      await queue;
      await fanOut.close();
      for (const redis of redisClients) await closeRedis(redis).catch(() => undefined);
      redisClients = [];
    },
  };
  return hub;
}
