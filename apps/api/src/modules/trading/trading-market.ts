// What the engine knows of the market at one moment: the latest quote of each symbol and the
// engine clock. HTTP requests read the price hub's latest ticks; the evaluator reads its own map,
// updated in seq order, so a tick's effects use the mids "at or before" that tick (§11.6).
import {
  closePrice,
  conversionRate,
  isOpen,
  midOf,
  pnlMinor,
  marginMinor,
  accountFigures,
} from '@brokerdesk/shared/trading';
import type { Rational, TradingSpec } from '@brokerdesk/shared/trading';
import type { Tick } from './price-hub.js';
import type { PositionRow } from './trading-positions.repo.js';
import { specOf } from './trading-specs.js';

export interface MarketView {
  latest(symbol: string): Tick | undefined;
  /** Engine time of the event (a request's clock, or the tick's time). */
  readonly nowMs: number;
}

/** R(quote) → USD from the latest mids; undefined when a needed pair has no tick (§11.6). */
export function rateOf(spec: TradingSpec, market: MarketView): Rational | undefined {
  return conversionRate(spec.quote, (symbol) => {
    const tick = market.latest(symbol);
    return tick ? midOf(tick.bid, tick.ask) : undefined;
  });
}

/**
 * Tradable (§11.3): inside the instrument's hours, with a tick no older than the stale limit,
 * and every conversion pair priced. Returns the quote and rate when tradable.
 */
export function tradableQuote(
  spec: TradingSpec,
  market: MarketView,
  staleMs: number,
): { tick: Tick; rate: Rational } | null {
  if (!isOpen(spec, market.nowMs)) return null;
  const tick = market.latest(spec.symbol);
  if (!tick || market.nowMs - tick.timeMs > staleMs) return null;
  const rate = rateOf(spec, market);
  return rate ? { tick, rate } : null;
}

/** The rate a position's margin was fixed with (stored as a reduced fraction). */
export function openRateOf(position: Pick<PositionRow, 'openRateNum' | 'openRateDen'>): Rational {
  return { num: BigInt(position.openRateNum), den: BigInt(position.openRateDen) };
}

export function marginOfPosition(
  position: Pick<PositionRow, 'symbol' | 'openPrice' | 'leverage' | 'openRateNum' | 'openRateDen'>,
  volume: number,
): number {
  return marginMinor({
    spec: specOf(position.symbol),
    volume,
    openPrice: position.openPrice,
    rate: openRateOf(position),
    leverage: position.leverage,
  });
}

/**
 * The P/L of closing now at the current close-side price and rate (§11.5 floating P/L); null
 * when the symbol or a conversion pair has no tick at all.
 */
export function floatingOf(
  position: Pick<PositionRow, 'symbol' | 'side' | 'volume' | 'openPrice'>,
  market: MarketView,
): { pnlMinor: number; closePrice: number } | null {
  const spec = specOf(position.symbol);
  const tick = market.latest(position.symbol);
  const rate = rateOf(spec, market);
  if (!tick || !rate) return null;
  const price = closePrice(position.side, tick);
  return {
    closePrice: price,
    pnlMinor: pnlMinor({
      spec,
      side: position.side,
      volume: position.volume,
      openPrice: position.openPrice,
      closePrice: price,
      rate,
    }),
  };
}

export type Figures = ReturnType<typeof accountFigures> & { balanceMinor: number };

/** Balance, equity, margins and level (§11.5) of an account with these open positions. */
export function figuresOf(
  balanceMinor: number,
  positions: readonly Pick<
    PositionRow,
    'symbol' | 'side' | 'volume' | 'openPrice' | 'marginMinor'
  >[],
  market: MarketView,
  extra: readonly { marginMinor: number; floatingPnlMinor: number }[] = [],
): Figures {
  const figures = accountFigures({
    balanceMinor,
    positions: [
      ...positions.map((position) => ({
        marginMinor: position.marginMinor,
        floatingPnlMinor: floatingOf(position, market)?.pnlMinor ?? 0,
      })),
      ...extra,
    ],
  });
  return { ...figures, balanceMinor };
}
