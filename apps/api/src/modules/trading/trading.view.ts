// Rows → the §11.19 answers: prices and lots as decimal strings, money in cents, ids as strings,
// times ISO-8601 UTC.
import { formatLots, formatPoints } from '@brokerdesk/shared/trading';
import type { AccountRow, OrderRow } from './trading.repo.js';
import type { DealRow, PositionRow } from './trading-positions.repo.js';
import type { DealNow } from './trading-corrections.repo.js';
import type { Figures, MarketView } from './trading-market.js';
import { floatingOf } from './trading-market.js';
import { specOf } from './trading-specs.js';

const price = (symbol: string, points: number | null): string | null =>
  points === null ? null : formatPoints(points, specOf(symbol).digits);

export function toAccountView(account: AccountRow, figures: Figures, priceSource: string) {
  return {
    id: account.id,
    kind: account.kind,
    status: account.status,
    balanceMinor: figures.balanceMinor,
    equityMinor: figures.equityMinor,
    usedMarginMinor: figures.usedMarginMinor,
    freeMarginMinor: figures.freeMarginMinor,
    marginLevel: figures.marginLevel,
    withdrawableMinor: figures.withdrawableMinor,
    marginCall: figures.marginCall,
    createdAt: account.createdAt.toISOString(),
    priceSource,
  };
}
export type AccountView = ReturnType<typeof toAccountView>;

export function toOrderView(order: OrderRow) {
  return {
    id: String(order.id),
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    volume: formatLots(order.volume),
    price: price(order.symbol, order.price),
    sl: price(order.symbol, order.sl),
    tp: price(order.symbol, order.tp),
    trailingPoints: order.trailingPoints,
    timeInForce: order.timeInForce,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    status: order.status,
    rejectCode: order.rejectCode,
    ocoGroupId: order.ocoGroupId,
    positionId: order.positionId === null ? null : String(order.positionId),
    createdAt: order.createdAt.toISOString(),
  };
}
export type OrderView = ReturnType<typeof toOrderView>;

export function toPositionView(position: PositionRow, market: MarketView, priceSource: string) {
  const floating = position.status === 'open' ? floatingOf(position, market) : null;
  return {
    id: String(position.id),
    symbol: position.symbol,
    side: position.side,
    volume: formatLots(position.volume),
    openPrice: price(position.symbol, position.openPrice) ?? '',
    openTime: position.openTime.toISOString(),
    sl: price(position.symbol, position.sl),
    tp: price(position.symbol, position.tp),
    trailingPoints: position.trailingPoints,
    marginMinor: position.marginMinor,
    swapMinor: position.swapMinor,
    floatingPnlMinor: floating?.pnlMinor ?? 0,
    closePrice: floating ? price(position.symbol, floating.closePrice) : null,
    priceSource,
  };
}
export type PositionView = ReturnType<typeof toPositionView>;

/**
 * A deal as it stands: after a correction by the dealing desk (decision 136) its price and P/L
 * are the corrected ones, and `correction` says what they were, why and when.
 */
export function toDealView(deal: DealRow, now?: DealNow) {
  return {
    id: String(deal.id),
    positionId: String(deal.positionId),
    orderId: deal.orderId === null ? null : String(deal.orderId),
    symbol: deal.symbol,
    side: deal.side,
    entry: deal.entry,
    volume: formatLots(deal.volume),
    price: price(deal.symbol, now?.price ?? deal.price) ?? '',
    time: deal.time.toISOString(),
    pnlMinor: now?.pnlMinor ?? deal.pnlMinor,
    swapMinor: deal.swapMinor,
    reason: deal.reason,
    closedBy: deal.closedBy,
    /** Why the dealing desk closed it (reason 'staff'). */
    note: deal.note,
    trailing: deal.trailing,
    correction: now
      ? {
          originalPrice: price(deal.symbol, deal.price) ?? '',
          originalPnlMinor: deal.pnlMinor,
          reason: now.reason,
          time: now.time.toISOString(),
        }
      : null,
  };
}
export type DealView = ReturnType<typeof toDealView>;

export function toProtectionView(protection: { id: number; amountMinor: number; time: Date }) {
  return {
    id: String(protection.id),
    amountMinor: protection.amountMinor,
    time: protection.time.toISOString(),
  };
}
