// The bad-tick filter (issue 19, decision 134), on the leader before a quote is logged: a quote
// whose mid moves more than N spreads (the desk's setting per instrument; off by default) from
// the last logged tick is held back, never logged, priced or traded on, and reported. The next
// quote decides what it was:
// - back near the last tick: a spike, discarded for good;
// - near the held quote: the market really moved; that next quote is logged (one quote late);
// - far from both: it is held in turn, and the earlier one counts as a spike.
// The spread measured is the last logged tick's (at least a point), so a wide market tolerates
// wider moves.
import type { SourceQuote } from './tick.js';

export type HeldOutcome = 'spike' | 'confirmed';

export interface HeldQuote {
  quote: SourceQuote;
  last: { bid: number; ask: number };
  thresholdSpreads: number;
}

export interface ScreenResult {
  kept: SourceQuote[];
  /** Quotes held back by this batch. */
  held: HeldQuote[];
  /** What the earlier held quotes turned out to be, in the order this batch decided it. */
  resolved: { quote: SourceQuote; outcome: HeldOutcome }[];
}

type Prices = { bid: number; ask: number };

/** |mid(a) − mid(b)| > N × spread(b), in integers: both sides doubled. */
export function movedTooFar(next: Prices, from: Prices, spreads: number): boolean {
  const spread = Math.max(from.ask - from.bid, 1);
  return Math.abs(next.bid + next.ask - (from.bid + from.ask)) > 2 * spreads * spread;
}

export function makeBadTickFilter({
  thresholdOf,
  lastLogged,
}: {
  /** The desk's threshold in spreads for a symbol; null: off. */
  thresholdOf: (symbol: string) => number | null;
  lastLogged: (symbol: string) => Prices | undefined;
}) {
  const heldBySymbol = new Map<string, SourceQuote>();

  return {
    screen(quotes: readonly SourceQuote[]): ScreenResult {
      const result: ScreenResult = { kept: [], held: [], resolved: [] };
      const lastKept = new Map<string, Prices>();
      const settle = (symbol: string, outcome: HeldOutcome) => {
        const held = heldBySymbol.get(symbol);
        if (!held) return;
        heldBySymbol.delete(symbol);
        result.resolved.push({ quote: held, outcome });
      };
      for (const quote of quotes) {
        const spreads = thresholdOf(quote.symbol);
        const last = lastKept.get(quote.symbol) ?? lastLogged(quote.symbol);
        const held = heldBySymbol.get(quote.symbol);
        if (spreads === null || !last || !movedTooFar(quote, last, spreads)) {
          if (held) settle(quote.symbol, 'spike');
        } else if (held && !movedTooFar(quote, held, spreads)) {
          settle(quote.symbol, 'confirmed');
        } else {
          if (held) settle(quote.symbol, 'spike');
          heldBySymbol.set(quote.symbol, quote);
          result.held.push({
            quote,
            last: { bid: last.bid, ask: last.ask },
            thresholdSpreads: spreads,
          });
          continue;
        }
        result.kept.push(quote);
        lastKept.set(quote.symbol, quote);
      }
      return result;
    },
  };
}

export type BadTickFilter = ReturnType<typeof makeBadTickFilter>;
