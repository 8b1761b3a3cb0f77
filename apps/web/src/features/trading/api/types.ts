// The §11.19 answers the terminal reads (docs/product.md §11.19). Prices and volumes arrive as
// decimal strings and are turned into integer points and centilots with the shared decimal rules
// (lib/units.ts) only where the terminal computes with them; money is integer cents.
export type AccountKind = 'demo' | 'live';
export type Side = 'buy' | 'sell';
export type OrderType = 'market' | 'limit' | 'stop';
export type TimeInForce = 'GTC' | 'GTD' | 'DAY';

/** An id as the API sends it (a number or a string): only ever put back into a URL. */
export type Id = string | number;

export interface TradingInstrument {
  symbol: string;
  displayName: string;
  class: string;
  base: string;
  quote: string;
  digits: number;
  leverage: number;
  /** Lots, as the desk allows them now (the catalogue's unless the desk lowered it). */
  maxVolume: string;
  spreadPoints: number;
  stopsLevelPoints: number;
  tradingEnabled: boolean;
  open: boolean;
}

export interface QuoteRow {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
  changePercent: string | null;
}

export interface QuotesResponse {
  priceSource: string;
  quotes: QuoteRow[];
}

export interface Candle {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  tickVolume: number;
}

export interface CandlesResponse {
  priceSource: string;
  symbol: string;
  period: string;
  candles: Candle[];
}

export interface TradingAccount {
  id: Id;
  kind: AccountKind;
  status: string;
  balanceMinor: number;
  equityMinor: number;
  usedMarginMinor: number;
  freeMarginMinor: number;
  marginLevel: string | null;
  withdrawableMinor: number;
  marginCall: boolean;
  /** When it was opened: tells an archived demo account from the one after its reset. */
  createdAt?: string;
}

export interface TradingOrder {
  id: Id;
  symbol: string;
  side: Side;
  type: OrderType;
  volume: string;
  price: string | null;
  sl: string | null;
  tp: string | null;
  trailingPoints: number | string | null;
  timeInForce: TimeInForce | null;
  expiresAt: string | null;
  status: string;
  ocoGroupId: Id | null;
  createdAt: string;
}

export interface TradingPosition {
  id: Id;
  symbol: string;
  side: Side;
  volume: string;
  openPrice: string;
  openTime: string;
  sl: string | null;
  tp: string | null;
  trailingPoints: number | string | null;
  marginMinor: number;
  swapMinor: number;
  floatingPnlMinor: number;
  closePrice: string | null;
}

/** A negative balance protection: the platform credited what a flat account lacked. */
export interface TradingProtection {
  id: Id;
  amountMinor: number;
  time: string;
}

export interface TradingDeal {
  id: Id;
  positionId: Id;
  orderId: Id | null;
  symbol: string;
  side: Side;
  volume: string;
  price: string;
  time: string;
  pnlMinor: number;
  swapMinor: number;
  /** 'in' opens a position (a fill), 'out' closes all or part of it. */
  entry?: 'in' | 'out';
  reason: string;
  closedBy: string | null;
  /** Why the dealing desk closed it (reason 'staff'), as staff wrote it. */
  note?: string | null;
  /** A stop loss moved there by the trailing stop. */
  trailing?: boolean;
  /**
   * Set when the dealing desk corrected the deal's price (decision 136): `price` and `pnlMinor`
   * are the corrected ones; these are what it had before, and why.
   */
  correction?: DealCorrection | null;
}

export interface DealCorrection {
  originalPrice: string;
  originalPnlMinor: number;
  reason: string;
  time: string;
}

export interface DealsPage {
  deals: TradingDeal[];
  nextCursor: string | null;
}

/** The body of POST /api/trading/accounts/:id/orders for one order. */
export interface PlaceOrderBody {
  symbol: string;
  side: Side;
  type: OrderType;
  volume: string;
  price?: string;
  sl?: string;
  tp?: string;
  trailingPoints?: number;
  timeInForce?: TimeInForce;
  expiresAt?: string;
}

/** Two pending orders of one instrument: when one fills the other is cancelled (§11.8). */
export interface PlaceOcoBody {
  oco: true;
  orders: [PlaceOrderBody, PlaceOrderBody];
}

export interface PlaceOrderResult {
  orders: TradingOrder[];
  position?: TradingPosition | null;
}

/** One night's swap on one position (§11.13): what the rollover charged or credited. */
export interface TradingSwap {
  id: Id;
  positionId: Id;
  symbol: string;
  side: Side;
  /** The lots held at the rollover. */
  volume: string;
  /** 3 on a Wednesday night. */
  multiplier: number;
  amountMinor: number;
  rolloverAt: string;
}

export interface SwapsPage {
  swaps: TradingSwap[];
  nextCursor: string | null;
}

/**
 * One balance movement of a statement: a deal (0 for an opening), a swap, a protection, a
 * transfer, or the dealing desk's correction of a close's profit/loss.
 */
export interface StatementLine {
  time: string;
  kind: 'deal' | 'swap' | 'protection' | 'transfer' | 'correction';
  description: string;
  symbol: string | null;
  side: Side | null;
  volume: string | null;
  price: string | null;
  amountMinor: number;
  balanceAfterMinor: number;
}

/** GET …/statement: the period [from, to) between its opening and closing balance. */
export interface TradingStatement {
  account: { id: Id; kind: AccountKind };
  from: string;
  to: string;
  openingBalanceMinor: number;
  closingBalanceMinor: number;
  lines: StatementLine[];
  priceSource: string;
}
