// The model's state: plain records a test can read and compare with the API's answers.
import type { ModelSide } from './model-money.js';
import type { Fraction } from './rational.js';

export type RefusalCode =
  | 'VALIDATION_FAILED'
  | 'ORDER_NOT_FOUND'
  | 'ALREADY_CLOSED'
  | 'UNKNOWN_INSTRUMENT'
  | 'TRADING_DISABLED'
  | 'MARKET_CLOSED'
  | 'INVALID_VOLUME'
  | 'INVALID_PRICE'
  | 'INVALID_STOPS'
  | 'INSUFFICIENT_MARGIN'
  | 'INSUFFICIENT_FUNDS';

/** A result, or the refusal codes docs/product.md §11 allows (more than one only where it is silent). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; codes: RefusalCode[] };

export type OrderType = 'market' | 'limit' | 'stop';
export type TimeInForce = 'GTC' | 'GTD' | 'DAY';
export type OrderStatus = 'pending' | 'filled' | 'cancelled' | 'rejected' | 'expired';
export type CloseReason = 'client' | 'sl' | 'tp' | 'stop_out';

export interface ModelAccount {
  id: number;
  kind: 'demo' | 'live';
  balance: number;
  /** Live only: the owner's wallet (cash available), which transfers move money from and to. */
  wallet: number;
  /** Negative balance protection credits, in order. */
  protections: number[];
}

export interface ModelPosition {
  id: number;
  accountId: number;
  symbol: string;
  side: ModelSide;
  volume: number;
  openPrice: number;
  openTimeMs: number;
  openRate: Fraction;
  leverage: number;
  margin: number;
  sl: number | null;
  tp: number | null;
  trailing: number | null;
  swap: number;
  open: boolean;
  /** The order whose fill opened it. */
  orderId: number;
}

export interface ModelOrder {
  id: number;
  accountId: number;
  symbol: string;
  side: ModelSide;
  type: OrderType;
  volume: number;
  price: number | null;
  sl: number | null;
  tp: number | null;
  trailing: number | null;
  timeInForce: TimeInForce;
  expiresAtMs: number | null;
  status: OrderStatus;
  /** The other leg while the pair is linked. */
  ocoPartner: number | null;
  /** Set once the pair was created together (kept after unlinking). */
  ocoGroup: number | null;
  createdMs: number;
}

export interface ModelDeal {
  id: number;
  accountId: number;
  positionId: number;
  orderId: number | null;
  entry: 'in' | 'out';
  side: ModelSide;
  volume: number;
  price: number;
  timeMs: number;
  pnl: number;
  reason: CloseReason | 'fill';
}

export interface OrderRequest {
  symbol: string;
  side: ModelSide;
  type: OrderType;
  /** Lots as the client typed them ("0.10"). */
  volume: string;
  price?: number;
  sl?: number | null;
  tp?: number | null;
  trailing?: number | null;
  timeInForce?: TimeInForce;
  expiresAtMs?: number;
}

/** Absent = unchanged; null = removed. */
export interface OrderPatch {
  price?: number;
  sl?: number | null;
  tp?: number | null;
  trailing?: number | null;
  expiresAtMs?: number;
}

export interface PositionPatch {
  sl?: number | null;
  tp?: number | null;
  trailing?: number | null;
}
