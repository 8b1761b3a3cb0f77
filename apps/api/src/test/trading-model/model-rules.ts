// The order rules of docs/product.md §11.3 and §11.8 as plain predicates on integer points.
import type { ModelSide } from './model-money.js';

export type PendingType = 'limit' | 'stop';

interface Quote {
  bid: number;
  ask: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Sunday 21:00 to Friday 21:00 UTC, half-open (§11.3); the model's instruments all trade 24h. */
export function inWeeklyWindow(timeMs: number): boolean {
  const date = new Date(timeMs);
  const weekday = date.getUTCDay(); // 0 Sunday
  const sinceMidnight =
    timeMs - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (weekday === 6) return false;
  if (weekday === 0) return sinceMidnight >= 21 * HOUR;
  if (weekday === 5) return sinceMidnight < 21 * HOUR;
  return true;
}

/** The first 21:00 UTC strictly after `timeMs` (a DAY order's expiry). */
export function nextRollover(timeMs: number): number {
  const midnight = Math.floor(timeMs / DAY) * DAY;
  const today = midnight + 21 * HOUR;
  return today > timeMs ? today : today + DAY;
}

/** The Monday–Friday 21:00 UTC rollovers T with afterMs < T ≤ untilMs, oldest first (§11.13). */
export function rolloversBetween(afterMs: number, untilMs: number): number[] {
  const found: number[] = [];
  for (let t = nextRollover(afterMs); t <= untilMs; t += DAY) {
    const weekday = new Date(t).getUTCDay();
    if (weekday >= 1 && weekday <= 5) found.push(t);
  }
  return found;
}

/** Placement (§11.8): on the right side of the quote and at least Lv away. */
export function pendingPriceValid(
  side: ModelSide,
  type: PendingType,
  price: number,
  q: Quote,
  stopsLevel: number,
): boolean {
  if (side === 'buy')
    return type === 'limit' ? price <= q.ask - stopsLevel : price >= q.ask + stopsLevel;
  return type === 'limit' ? price >= q.bid + stopsLevel : price <= q.bid - stopsLevel;
}

export function pendingTriggered(
  side: ModelSide,
  type: PendingType,
  price: number,
  q: Quote,
): boolean {
  if (side === 'buy') return type === 'limit' ? q.ask <= price : q.ask >= price;
  return type === 'limit' ? q.bid >= price : q.bid <= price;
}

/** SL, TP and trailing distance against a reference price (§11.8's stops table). */
export function stopsValid(a: {
  side: ModelSide;
  reference: number;
  sl: number | null;
  tp: number | null;
  trailing: number | null;
  stopsLevel: number;
}): boolean {
  const { side, reference, sl, tp, trailing, stopsLevel } = a;
  if (sl !== null && (side === 'buy' ? reference - sl : sl - reference) < stopsLevel) return false;
  if (tp !== null && (side === 'buy' ? tp - reference : reference - tp) < stopsLevel) return false;
  if (trailing !== null && trailing < stopsLevel) return false;
  return true;
}

export const slHit = (side: ModelSide, sl: number | null, q: Quote): boolean =>
  sl !== null && (side === 'buy' ? q.bid <= sl : q.ask >= sl);

export const tpHit = (side: ModelSide, tp: number | null, q: Quote): boolean =>
  tp !== null && (side === 'buy' ? q.bid >= tp : q.ask <= tp);

/** The trailed SL when it moves in the profitable direction (or there is none yet), else null. */
export function trail(
  side: ModelSide,
  distance: number,
  sl: number | null,
  q: Quote,
): number | null {
  const candidate = side === 'buy' ? q.bid - distance : q.ask + distance;
  if (sl === null) return candidate;
  if (side === 'buy') return candidate > sl ? candidate : null;
  return candidate < sl ? candidate : null;
}
