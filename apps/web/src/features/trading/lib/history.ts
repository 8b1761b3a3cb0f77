// The terminal's history as one timeline, newest first: deals and each night's swap. Both come
// a page at a time, newest first, so the timeline can only be shown down to where both lists
// are known: below the oldest loaded item of a list that has more, an unseen item of that list
// could belong between the other's, so nothing older is shown until that page arrives.
import type { TradingDeal, TradingSwap } from '../api/types';

export type HistoryEntry =
  | { kind: 'deal'; key: string; timeMs: number; deal: TradingDeal }
  | { kind: 'swap'; key: string; timeMs: number; swap: TradingSwap };

export interface PagedList<T> {
  /** Loaded so far, newest first. */
  items: readonly T[];
  /** False while older items remain on the server. */
  complete: boolean;
}

/** The time down to which a list is known: its oldest loaded item's, or none when complete. */
function edgeOf(times: readonly number[], complete: boolean): number | null {
  if (complete) return null;
  return times.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...times);
}

export interface MergedHistory {
  entries: HistoryEntry[];
  /** Which lists to page further for older history: those whose edge holds the timeline back. */
  older: { deals: boolean; swaps: boolean };
}

export function mergeHistory(
  deals: PagedList<TradingDeal>,
  swaps: PagedList<TradingSwap>,
): MergedHistory {
  const dealEntries: HistoryEntry[] = deals.items.map((deal) => ({
    kind: 'deal',
    key: `deal:${String(deal.id)}`,
    timeMs: Date.parse(deal.time),
    deal,
  }));
  const swapEntries: HistoryEntry[] = swaps.items.map((swap) => ({
    kind: 'swap',
    key: `swap:${String(swap.id)}`,
    timeMs: Date.parse(swap.rolloverAt),
    swap,
  }));
  const dealEdge = edgeOf(
    dealEntries.map((entry) => entry.timeMs),
    deals.complete,
  );
  const swapEdge = edgeOf(
    swapEntries.map((entry) => entry.timeMs),
    swaps.complete,
  );
  const edges = [dealEdge, swapEdge].filter((edge): edge is number => edge !== null);
  const horizon = edges.length > 0 ? Math.max(...edges) : Number.NEGATIVE_INFINITY;
  // Newest first; at one instant a deal before a swap (the order they are listed in anyway).
  const entries = [...dealEntries, ...swapEntries]
    .filter((entry) => entry.timeMs >= horizon)
    .sort((a, b) => b.timeMs - a.timeMs || (a.kind === b.kind ? 0 : a.kind === 'deal' ? -1 : 1));
  return {
    entries,
    older: {
      deals: dealEdge !== null && dealEdge === horizon,
      swaps: swapEdge !== null && swapEdge === horizon,
    },
  };
}
