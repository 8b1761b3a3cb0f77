// Vocabulary shared by the trading rules, the engine and the terminal (docs/product.md §11).

export const INSTRUMENT_CLASSES = ['forex', 'crypto', 'metal', 'energy', 'index'] as const;
export type InstrumentClass = (typeof INSTRUMENT_CLASSES)[number];

export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];

export const ORDER_TYPES = ['market', 'limit', 'stop'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export type PendingOrderType = Exclude<OrderType, 'market'>;

export const TIMES_IN_FORCE = ['GTC', 'GTD', 'DAY'] as const;
export type TimeInForce = (typeof TIMES_IN_FORCE)[number];

/** A logged tick's prices: bid/ask in integer points, time in UTC ms, seq the global order. */
export interface Quote {
  symbol: string;
  bid: number;
  ask: number;
  timeMs: number;
  seq: number;
}

/** Just the two prices, as most rules need. */
export interface BidAsk {
  bid: number;
  ask: number;
}
