// The interface a real market-data feed implements (PRODUCT §11.4; docs/prices.md). A feed
// calls onQuote with a mid, or with a bid and an ask; the hub turns it into the instrument's
// quote: a mid gets the spread (bid = R½(m − S/2), ask = bid + S), a bid/ask is widened by the
// staff markup k to bid − ⌊k/2⌋, ask + ⌈k/2⌉. Prices here are decimal strings, as feeds send.
import { findSpec, parsePoints } from '@brokerdesk/shared/trading';
import type { SourceQuote } from '../tick.js';

export interface FeedQuote {
  symbol: string;
  /** ISO-8601 UTC. */
  time: string;
  bid?: string;
  ask?: string;
  mid?: string;
}

export interface FeedAdapter {
  /** A feed's name: the answers' priceSource. */
  readonly name: string;
  start(onQuote: (quote: FeedQuote) => void): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** R½ of num/den for den > 0 (BigInt, exact). */
function roundHalfAwayFromZero(num: bigint, den: bigint): bigint {
  const twice = num * 2n;
  return twice >= 0n ? (twice + den) / (2n * den) : -((-twice + den) / (2n * den));
}

/**
 * A feed quote as the instrument's quote in points, or null when it cannot be (unknown symbol,
 * bad numbers). `spreadPoints` includes the markup; `markupPoints` is the markup alone.
 */
export function quoteFromFeed(
  quote: FeedQuote,
  { markupPoints }: { markupPoints: number } = { markupPoints: 0 },
): SourceQuote | null {
  const spec = findSpec(quote.symbol);
  const timeMs = Date.parse(quote.time);
  if (!spec || Number.isNaN(timeMs)) return null;
  if (quote.bid !== undefined && quote.ask !== undefined) {
    const bid = parsePoints(quote.bid, spec.digits);
    const ask = parsePoints(quote.ask, spec.digits);
    if (bid === null || ask === null || bid > ask) return null;
    const half = Math.floor(markupPoints / 2);
    return { symbol: spec.symbol, bid: bid - half, ask: ask + (markupPoints - half), timeMs };
  }
  if (quote.mid === undefined) return null;
  // The mid may carry more decimals than the instrument: keep it exact as a fraction.
  const match = /^(\d+)(?:\.(\d+))?$/.exec(quote.mid);
  if (!match) return null;
  const decimals = match[2] ?? '';
  const num = BigInt(`${match[1]}${decimals}`) * 10n ** BigInt(spec.digits);
  const den = 10n ** BigInt(decimals.length);
  // bid = R½(m − S/2) with m = num/den points: R½((2·num − S·den) / (2·den)).
  const bid = roundHalfAwayFromZero(2n * num - BigInt(spec.spreadPoints) * den, 2n * den);
  return { symbol: spec.symbol, bid: Number(bid), ask: Number(bid) + spec.spreadPoints, timeMs };
}
