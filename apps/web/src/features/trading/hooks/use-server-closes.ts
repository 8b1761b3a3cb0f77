import { formatCents } from '@brokerdesk/shared';
import { useEffect, useRef } from 'react';
import type { TradingDeal } from '../api/types';
import { dealReasonText } from '../lib/text';

/** Closes the server makes on its own (the client's own are announced when they answer). */
const SERVER_REASONS = new Set(['sl', 'tp', 'stop_out', 'staff']);

/**
 * Announces deals the server made while the page was open — a stop loss, a take profit, a
 * stop-out or a staff close — once each, never those already there when the history loaded.
 */
export function useServerCloses(
  deals: readonly TradingDeal[] | undefined,
  names: ReadonlyMap<string, string>,
  announce: (text: string) => void,
  accountKey: string,
) {
  const seen = useRef<{ account: string; ids: Set<string> } | null>(null);
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
      if (!SERVER_REASONS.has(deal.reason)) continue;
      announce(
        `${dealReasonText(deal)}: closed ${deal.volume} ${names.get(deal.symbol) ?? deal.symbol} at ${deal.price}, ${formatCents(deal.pnlMinor)}.`,
      );
    }
  }, [deals, names, announce, accountKey]);
}
