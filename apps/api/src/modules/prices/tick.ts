// A logged tick: integer points, its time in ms since the epoch and its place in the log.
export interface Tick {
  seq: number;
  symbol: string;
  bid: number;
  ask: number;
  timeMs: number;
}

/** A quote a source produces, before it is logged (no seq yet). */
export interface SourceQuote {
  symbol: string;
  bid: number;
  ask: number;
  timeMs: number;
}
