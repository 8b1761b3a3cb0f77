// The price hub as the trading engine uses it: the part of the prices module's PriceHub
// (modules/prices) the engine reads, so the engine depends on the contract's shape only.
import type { Tick } from '../prices/index.js';

export type { Tick };

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
