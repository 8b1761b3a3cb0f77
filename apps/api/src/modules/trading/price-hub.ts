// The price hub as the trading engine uses it: the contract the prices module implements
// (apps/api/src/modules/prices). Only what the engine reads is named here, so the engine and its
// tests depend on the shape, not on the module's internals.
export interface Tick {
  seq: number;
  symbol: string;
  bid: number;
  ask: number;
  timeMs: number;
}

export interface EngineHub {
  /** 'simulated' | 'replay' | 'manual' → every priced answer's priceSource. */
  readonly source: string;
  latest(symbol: string): Tick | undefined;
  /** The engine clock (replay/manual: the feed's time). */
  now(): number;
  isLeader(): boolean;
  onTicks(listener: (ticks: readonly Tick[]) => Promise<void> | void): () => void;
  onLeadership(listener: (leader: boolean) => void): () => void;
  onClock(listener: (nowMs: number) => Promise<void> | void): () => void;
  setPruneFloor(floor: () => Promise<number>): void;
}

/**
 * A hub with no prices (every instrument closed to trading), for a build whose price source is
 * not wired: the engine refuses orders with MARKET_CLOSED rather than inventing a price.
 */
export function makeNoPriceHub(nowMs: () => number): EngineHub {
  const none = () => () => undefined;
  return {
    source: 'none',
    latest: () => undefined,
    now: nowMs,
    isLeader: () => false,
    onTicks: none,
    onLeadership: none,
    onClock: none,
    setPruneFloor: () => undefined,
  };
}
