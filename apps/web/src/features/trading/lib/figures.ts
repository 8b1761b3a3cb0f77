// The terminal's arithmetic: the shared engine rules (the same functions the API applies), fed
// with the live quotes. No floats: prices are integer points, volumes centilots, money cents.
import {
  accountFigures,
  closePrice,
  conversionRate,
  findSpec,
  marginMinor,
  midOf,
  openPrice,
  parseLots,
  parsePoints,
  pnlMinor,
  type Rational,
  type Side,
  type TradingSpec,
} from '@brokerdesk/shared/trading';
import type { LiveQuote } from '../hooks/use-quote-stream';

export interface Bidask {
  bid: number;
  ask: number;
}

/** A live quote in integer points, or null when its text does not fit the instrument. */
export function quotePoints(quote: LiveQuote | undefined, digits: number): Bidask | null {
  if (!quote) return null;
  const bid = parsePoints(quote.bid, digits);
  const ask = parsePoints(quote.ask, digits);
  return bid === null || ask === null ? null : { bid, ask };
}

/** R(quote currency) → USD from the latest mids (§11.6); undefined while a needed pair has no quote. */
export function rateFor(
  spec: TradingSpec,
  quotes: ReadonlyMap<string, LiveQuote>,
): Rational | undefined {
  return conversionRate(spec.quote, (symbol) => {
    const pairSpec = findSpec(symbol);
    const points = pairSpec ? quotePoints(quotes.get(symbol), pairSpec.digits) : null;
    return points ? midOf(points.bid, points.ask) : undefined;
  });
}

export interface TicketFigures {
  /** Margin the order needs (§11.7), rounded up to the cent. */
  marginMinor: number;
  /** What the spread costs at once (a positive number of cents): −P/L of closing at the fill. */
  spreadCostMinor: number;
}

/**
 * The ticket's figures before sending: margin at the fill price (market: ask for a buy, bid for a
 * sell; pending: the order price) and the spread cost of closing at once at the same spread.
 */
export function ticketFigures(a: {
  spec: TradingSpec;
  leverage: number;
  side: Side;
  volume: number;
  /** The pending order's price in points; absent for a market order. */
  price?: number | undefined;
  quote: Bidask;
  rate: Rational;
}): TicketFigures {
  const fill = a.price ?? openPrice(a.side, a.quote);
  const spread = a.quote.ask - a.quote.bid;
  const exit =
    a.price === undefined
      ? closePrice(a.side, a.quote)
      : a.side === 'buy'
        ? fill - spread
        : fill + spread;
  const margin = marginMinor({
    spec: a.spec,
    volume: a.volume,
    openPrice: fill,
    rate: a.rate,
    leverage: a.leverage,
  });
  const pnl = pnlMinor({
    spec: a.spec,
    side: a.side,
    volume: a.volume,
    openPrice: fill,
    closePrice: exit,
    rate: a.rate,
  });
  return { marginMinor: margin, spreadCostMinor: -pnl };
}

export interface PositionLike {
  symbol: string;
  side: Side;
  volume: string;
  openPrice: string;
  marginMinor: number;
  floatingPnlMinor: number;
}

/**
 * A position's floating P/L at the live quote (§11.10, = the P/L of closing now), or the server's
 * last figure while the quote or a conversion pair is missing.
 */
export function livePnl(position: PositionLike, quotes: ReadonlyMap<string, LiveQuote>): number {
  const spec = findSpec(position.symbol);
  if (!spec) return position.floatingPnlMinor;
  const quote = quotePoints(quotes.get(position.symbol), spec.digits);
  const volume = parseLots(position.volume);
  const open = parsePoints(position.openPrice, spec.digits);
  const rate = rateFor(spec, quotes);
  if (!quote || volume === null || open === null || !rate) return position.floatingPnlMinor;
  return pnlMinor({
    spec,
    side: position.side,
    volume,
    openPrice: open,
    closePrice: closePrice(position.side, quote),
    rate,
  });
}

/** Equity, margin, free margin and level at the live quotes (§11.5). */
export function liveFigures(
  balanceMinor: number,
  positions: readonly PositionLike[],
  quotes: ReadonlyMap<string, LiveQuote>,
) {
  return accountFigures({
    balanceMinor,
    positions: positions.map((position) => ({
      marginMinor: position.marginMinor,
      floatingPnlMinor: livePnl(position, quotes),
    })),
  });
}
