// Order rules of docs/product.md §11.8 and §11.10: sides, volume checks, pending prices, stops,
// triggers (an equal price triggers) and the trailing stop. Prices are integer points.
import type { TradingSpec } from './specs.js';
import type { BidAsk, PendingOrderType, Side } from './types.js';

/** Buy at the ask, sell at the bid. */
export function openPrice(side: Side, q: BidAsk): number {
  return side === 'buy' ? q.ask : q.bid;
}

/** A buy closes at the bid, a sell at the ask. */
export function closePrice(side: Side, q: BidAsk): number {
  return side === 'buy' ? q.bid : q.ask;
}

type VolumeRules = Pick<TradingSpec, 'minVolume' | 'volumeStep' | 'maxVolume'>;

function onStep(spec: VolumeRules, volume: number): boolean {
  return Number.isSafeInteger(volume) && volume % spec.volumeStep === 0;
}

/** An order's volume (centilots): a multiple of the step within [min, max]. */
export function checkVolume(spec: VolumeRules, volume: number): boolean {
  return onStep(spec, volume) && volume >= spec.minVolume && volume <= spec.maxVolume;
}

/**
 * A close of `closeVolume` from a position of `positionVolume` (§11.10): the whole position
 * always; otherwise a multiple of the step, ≥ min, < the volume, leaving ≥ min.
 */
export function checkPartialClose(
  spec: VolumeRules,
  positionVolume: number,
  closeVolume: number,
): boolean {
  if (!Number.isSafeInteger(closeVolume) || closeVolume <= 0) return false;
  if (closeVolume === positionVolume) return true;
  return (
    onStep(spec, closeVolume) &&
    closeVolume >= spec.minVolume &&
    closeVolume < positionVolume &&
    positionVolume - closeVolume >= spec.minVolume
  );
}

function isPrice(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** A pending price is on the right side of the quote and at least Lv away (§11.8's table). */
export function checkPendingPrice(a: {
  side: Side;
  type: PendingOrderType;
  price: number;
  quote: BidAsk;
  stopsLevel: number;
}): boolean {
  if (!isPrice(a.price)) return false;
  const { bid, ask } = a.quote;
  if (a.side === 'buy') {
    return a.type === 'limit' ? a.price <= ask - a.stopsLevel : a.price >= ask + a.stopsLevel;
  }
  return a.type === 'limit' ? a.price >= bid + a.stopsLevel : a.price <= bid - a.stopsLevel;
}

/**
 * SL, TP and trailing distance against a reference price (§11.8): the bid (buy) or ask (sell)
 * for a market order or a position, the order price for a pending order. Null means none.
 */
export function checkStops(a: {
  side: Side;
  reference: number;
  sl: number | null;
  tp: number | null;
  trailingPoints: number | null;
  stopsLevel: number;
}): boolean {
  const { side, reference: ref, sl, tp, stopsLevel: lv } = a;
  if (sl !== null) {
    if (!isPrice(sl)) return false;
    if (side === 'buy' ? ref - sl < lv : sl - ref < lv) return false;
  }
  if (tp !== null) {
    if (!isPrice(tp)) return false;
    if (side === 'buy' ? tp - ref < lv : ref - tp < lv) return false;
  }
  if (a.trailingPoints !== null) {
    if (!Number.isSafeInteger(a.trailingPoints) || a.trailingPoints <= 0) return false;
    if (a.trailingPoints < lv) return false;
  }
  return true;
}

/** Whether a tick triggers a pending order (equal price triggers). */
export function pendingTriggers(
  o: { side: Side; type: PendingOrderType; price: number },
  q: BidAsk,
): boolean {
  if (o.side === 'buy') return o.type === 'limit' ? q.ask <= o.price : q.ask >= o.price;
  return o.type === 'limit' ? q.bid >= o.price : q.bid <= o.price;
}

/** Buy: bid ≤ SL; sell: ask ≥ SL. */
export function stopLossHit(side: Side, sl: number | null, q: BidAsk): boolean {
  if (sl === null) return false;
  return side === 'buy' ? q.bid <= sl : q.ask >= sl;
}

/** Buy: bid ≥ TP; sell: ask ≤ TP. */
export function takeProfitHit(side: Side, tp: number | null, q: BidAsk): boolean {
  if (tp === null) return false;
  return side === 'buy' ? q.bid >= tp : q.ask <= tp;
}

/**
 * The trailing stop's new SL, or null when it does not move: a buy's candidate bid − d
 * replaces a lower (or absent) SL; a sell's ask + d replaces a higher (or absent) one.
 */
export function trailedStopLoss(
  side: Side,
  trailingPoints: number,
  sl: number | null,
  q: BidAsk,
): number | null {
  if (side === 'buy') {
    const candidate = q.bid - trailingPoints;
    return candidate > 0 && (sl === null || candidate > sl) ? candidate : null;
  }
  const candidate = q.ask + trailingPoints;
  return sl === null || candidate < sl ? candidate : null;
}
