// Exposure limits (issue 19, decision 135), checked for live accounts only (a demo account's
// money is virtual, so the book bears nothing):
// - per client: the gross notional of their open positions plus the order's must stay within
//   their limit (their own, else the platform's for every client);
// - per instrument: the live book's net notional after the order must stay within the
//   instrument's limit, unless the order brings the net closer to zero.
// Notional is the position's value at 1:1 in cents (the margin formula at leverage 1), at the
// price that would close it; an order's at its own price. A pending order is checked when it is
// placed and again when it fills.
import { TRADING_MESSAGES, closePrice, marginMinor } from '@brokerdesk/shared/trading';
import type { Rational, Side, TradingSpec } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { bookNetVolume, lockBookSymbol } from './trading-book.repo.js';
import type { TradingContext } from './trading-context.js';
import { rateOf } from './trading-market.js';
import type { MarketView } from './trading-market.js';
import type { PositionRow } from './trading-positions.repo.js';
import type { AccountRow } from './trading.repo.js';

export interface ExposureOrder {
  spec: TradingSpec;
  side: Side;
  /** Centilots. */
  volume: number;
  /** Points: where it fills (market) or would fill (pending). */
  price: number;
  rate: Rational;
}

const notional = (spec: TradingSpec, volume: number, price: number, rate: Rational) =>
  marginMinor({ spec, volume, openPrice: price, rate, leverage: 1 });

export function makeExposureLimits({
  instruments,
  controls,
}: Pick<TradingContext, 'instruments' | 'controls'>) {
  function grossMinor(
    positions: readonly Pick<PositionRow, 'symbol' | 'side' | 'volume'>[],
    market: MarketView,
  ): number {
    let gross = 0;
    for (const position of positions) {
      const spec = instruments.spec(position.symbol);
      const tick = market.latest(position.symbol);
      const rate = spec && rateOf(spec, market);
      if (spec && tick && rate) {
        gross += notional(spec, position.volume, closePrice(position.side, tick), rate);
      }
    }
    return gross;
  }

  /**
   * Why the order may not open on this account now, in the client's words; null when it may.
   * Each of several orders (an OCO pair) is checked on its own: only one of them fills.
   */
  async function refusalFor(
    tx: Db,
    account: AccountRow,
    orders: readonly ExposureOrder[],
    positions: readonly PositionRow[],
    market: MarketView,
  ): Promise<string | null> {
    if (account.kind !== 'live') return null;
    const clientLimit = controls.exposureLimitMinorFor(account.clientId);
    const held = clientLimit === null ? 0 : grossMinor(positions, market);
    // The book's net per symbol, locked and read once (an OCO pair is one symbol).
    const nets = new Map<string, number>();
    for (const order of orders) {
      const own = notional(order.spec, order.volume, order.price, order.rate);
      if (clientLimit !== null && held + own > clientLimit) {
        return TRADING_MESSAGES.clientExposureLimit;
      }
      const { symbol } = order.spec;
      const limitUsd = instruments.exposureLimitUsd(symbol);
      if (limitUsd === null) continue;
      let net = nets.get(symbol);
      if (net === undefined) {
        await lockBookSymbol(tx, symbol);
        net = await bookNetVolume(tx, symbol);
        nets.set(symbol, net);
      }
      const after = net + (order.side === 'buy' ? order.volume : -order.volume);
      if (Math.abs(after) <= Math.abs(net)) continue;
      if (notional(order.spec, Math.abs(after), order.price, order.rate) > limitUsd * 100) {
        return TRADING_MESSAGES.bookExposureLimit;
      }
    }
    return null;
  }

  return { refusalFor, grossMinor };
}

export type ExposureLimits = ReturnType<typeof makeExposureLimits>;
