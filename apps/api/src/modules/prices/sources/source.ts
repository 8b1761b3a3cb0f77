// What the hub asks of a price source. A source produces batches of quotes in time order; the
// hub logs each batch (the tick log decides what is kept) and awaits its listeners before the
// source's next batch, so a slow evaluator slows the feed rather than falling behind it.
import type { SourceQuote, Tick } from '../tick.js';

export type EmitBatch = (quotes: readonly SourceQuote[]) => Promise<Tick[]>;

export interface PriceSource {
  /** 'simulated' | 'replay' | 'manual' | a feed's name: the answers' priceSource. */
  readonly name: string;
  /** Starts producing on the leader; `emit` resolves once the batch is logged and heard. */
  start(emit: EmitBatch): void;
  /** Stops producing; resolves once no batch is in flight. */
  stop(): Promise<void>;
  /** The engine clock in ms (simulated: the wall clock; replay and manual: the feed's time). */
  now(): number;
}
