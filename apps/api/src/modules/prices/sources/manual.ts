// MARKET_DATA_PROVIDER=manual (NODE_ENV=test only): nothing moves until a test pushes ticks or
// moves the clock, so engine tests are exact and never wait.
import { findSpec, parsePoints } from '@brokerdesk/shared/trading';
import type { SourceQuote, Tick } from '../tick.js';
import type { EmitBatch, PriceSource } from './source.js';

export interface ManualQuote {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
}

export interface ManualSource extends PriceSource {
  push(quotes: readonly ManualQuote[]): Promise<Tick[]>;
  /** Moves the clock forward (never back) and returns the new time. */
  advanceTo(time: string): number;
}

function parseTime(text: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(text)
    ? Date.parse(text)
    : Number.NaN;
  if (Number.isNaN(ms)) throw new Error(`manual prices: "${text}" is not an ISO-8601 UTC time`);
  return ms;
}

export function parseManualQuote(quote: ManualQuote): SourceQuote {
  const spec = findSpec(quote.symbol);
  if (!spec) throw new Error(`manual prices: unknown symbol ${quote.symbol}`);
  const bid = parsePoints(quote.bid, spec.digits);
  const ask = parsePoints(quote.ask, spec.digits);
  if (bid === null || ask === null || bid > ask) {
    throw new Error(`manual prices: bad bid/ask ${quote.bid}/${quote.ask} for ${quote.symbol}`);
  }
  return { symbol: spec.symbol, bid, ask, timeMs: parseTime(quote.time) };
}

export function makeManualSource({ startMs }: { startMs: number }): ManualSource {
  let clockMs = startMs;
  let emit: EmitBatch | null = null;
  return {
    name: 'manual',
    start(next) {
      emit = next;
    },
    async stop() {
      emit = null;
    },
    now: () => clockMs,
    async push(quotes) {
      if (!emit) throw new Error('manual prices: this instance is not the leader (or stopped)');
      const parsed = quotes.map(parseManualQuote);
      for (const quote of parsed) clockMs = Math.max(clockMs, quote.timeMs);
      return emit(parsed);
    },
    advanceTo(time) {
      clockMs = Math.max(clockMs, parseTime(time));
      return clockMs;
    },
  };
}
