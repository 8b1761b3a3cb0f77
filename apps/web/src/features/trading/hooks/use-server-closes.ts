import { formatCents } from '@brokerdesk/shared';
import { useEffect, useRef } from 'react';
import type { TradingDeal, TradingOrder } from '../api/types';
import { dealReasonText } from '../../../lib/deal-text';

/** Closes the server makes on its own (the client's own are announced when they answer). */
const SERVER_REASONS = new Set(['sl', 'tp', 'stop_out', 'staff']);

/**
 * Announces deals the server made while the page was open, once each, never those already
 * there when the history loaded: a stop loss, a take profit, a stop-out or a staff close, and
 * the fill of a pending order seen pending here (a market order's fill is announced when the
 * client's request answers).
 */
export function useServerCloses(
  deals: readonly TradingDeal[] | undefined,
  names: ReadonlyMap<string, string>,
  announce: (text: string) => void,
  accountKey: string,
  pendingOrders?: readonly TradingOrder[],
) {
  const seen = useRef<{ account: string; ids: Set<string> } | null>(null);
  const pending = useRef<{ account: string; ids: Set<string> }>({ account: '', ids: new Set() });

  // Every order seen pending on this account (before the deals' effect, which reads them).
  useEffect(() => {
    if (pending.current.account !== accountKey) {
      pending.current = { account: accountKey, ids: new Set() };
    }
    for (const order of pendingOrders ?? []) pending.current.ids.add(String(order.id));
  }, [pendingOrders, accountKey]);

  useEffect(() => {
    if (!deals) return;
    const ids = deals.map((deal) => String(deal.id));
    if (seen.current?.account !== accountKey) {
      seen.current = { account: accountKey, ids: new Set(ids) };
      return;
    }
    for (const deal of deals) {
      const id = String(deal.id);
      if (seen.current.ids.has(id)) continue;
      seen.current.ids.add(id);
      const name = names.get(deal.symbol) ?? deal.symbol;
      if (deal.entry === 'in') {
        if (deal.orderId === null || !pending.current.ids.has(String(deal.orderId))) continue;
        const verb = deal.side === 'buy' ? 'bought' : 'sold';
        announce(`Pending order filled: ${verb} ${deal.volume} ${name} at ${deal.price}.`);
        continue;
      }
      if (!SERVER_REASONS.has(deal.reason)) continue;
      announce(
        `${dealReasonText(deal)}: closed ${deal.volume} ${name} at ${deal.price}, ${formatCents(deal.pnlMinor)}.`,
      );
    }
  }, [deals, names, announce, accountKey]);
}
