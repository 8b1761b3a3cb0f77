// A price hub for tests that holds its tick log in memory: `push` logs quotes (decimal strings
// at the instrument's digits) with increasing seq and awaits every tick listener, `advanceTo`
// moves the engine clock and awaits every clock listener. It implements the engine's side of the
// price hub contract (modules/prices), like the hub's `manual` source.
import { findSpec, parsePoints } from '@brokerdesk/shared/trading';
import type { EngineHub, Tick } from '../modules/trading/index.js';

export interface ManualQuote {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
}

export interface TestPriceHub extends EngineHub {
  manual: {
    push(quotes: ManualQuote[]): Promise<Tick[]>;
    advanceTo(time: string): Promise<void>;
  };
  /** Logs ticks without telling anyone (an evaluator that crashed before seeing them). */
  logSilently(quotes: ManualQuote[]): Tick[];
  readTicksAfter(db: unknown, afterSeq: number, limit: number): Promise<Tick[]>;
  setLeader(leader: boolean): void;
}

type Listener<T> = (value: T) => Promise<void> | void;

export function makeTestPriceHub({
  startTime,
  log = [],
}: {
  startTime: string;
  /** A log to continue (a restart of the same install). */
  log?: Tick[];
}): TestPriceHub {
  let nowMs = Date.parse(startTime);
  let leader = true;
  const latest = new Map<string, Tick>();
  for (const tick of log) latest.set(tick.symbol, tick);
  const tickListeners = new Set<Listener<readonly Tick[]>>();
  const clockListeners = new Set<Listener<number>>();
  const leadershipListeners = new Set<Listener<boolean>>();

  function toTick(quote: ManualQuote): Tick {
    const spec = findSpec(quote.symbol);
    if (!spec) throw new Error(`test hub: unknown symbol ${quote.symbol}`);
    const bid = parsePoints(quote.bid, spec.digits);
    const ask = parsePoints(quote.ask, spec.digits);
    const timeMs = Date.parse(quote.time);
    if (bid === null || ask === null || bid > ask || !Number.isFinite(timeMs)) {
      throw new Error(`test hub: bad quote ${JSON.stringify(quote)}`);
    }
    const seq = (log.at(-1)?.seq ?? 0) + 1;
    const tick = { seq, symbol: quote.symbol, bid, ask, timeMs };
    log.push(tick);
    latest.set(tick.symbol, tick);
    nowMs = Math.max(nowMs, timeMs);
    return tick;
  }

  function subscribe<T>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }

  return {
    source: 'manual',
    latest: (symbol) => latest.get(symbol),
    now: () => nowMs,
    isLeader: () => leader,
    onTicks: (listener) => subscribe(tickListeners, listener),
    onLeadership: (listener) => subscribe(leadershipListeners, listener),
    onClock: (listener) => subscribe(clockListeners, listener),
    setPruneFloor: () => undefined,
    manual: {
      async push(quotes) {
        const ticks = quotes.map(toTick);
        for (const listener of tickListeners) await listener(ticks);
        return ticks;
      },
      async advanceTo(time) {
        nowMs = Date.parse(time);
        for (const listener of clockListeners) await listener(nowMs);
      },
    },
    logSilently: (quotes) => quotes.map(toTick),
    async readTicksAfter(_db, afterSeq, limit) {
      return log.filter((tick) => tick.seq > afterSeq).slice(0, limit);
    },
    setLeader(value) {
      leader = value;
      for (const listener of leadershipListeners) void listener(value);
    },
  };
}
