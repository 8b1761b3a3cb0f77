import { useState } from 'react';
import { useOlderDeals } from '../api/get-account-data';
import { useOlderSwaps } from '../api/get-swaps';
import type { Id, TradingDeal, TradingSwap } from '../api/types';
import { mergeHistory } from '../lib/history';

/**
 * The history panel's timeline: the newest page of deals and of swaps (the terminal keeps both
 * fresh) and, once asked, older pages of whichever list holds the timeline back
 * (lib/history.ts), so a swap always shows between the deals of its night.
 */
export function useHistoryTimeline({
  accountId,
  deals,
  dealsCursor,
  swaps,
  swapsCursor,
}: {
  accountId: Id;
  deals: readonly TradingDeal[] | undefined;
  dealsCursor: string | null | undefined;
  swaps: readonly TradingSwap[] | undefined;
  swapsCursor: string | null | undefined;
}) {
  const [wantsOlderDeals, setWantsOlderDeals] = useState(false);
  const [wantsOlderSwaps, setWantsOlderSwaps] = useState(false);
  const olderDeals = useOlderDeals(accountId, dealsCursor ?? null, wantsOlderDeals);
  const olderSwaps = useOlderSwaps(accountId, swapsCursor ?? null, wantsOlderSwaps);

  const dealPages = wantsOlderDeals
    ? (olderDeals.data?.pages.flatMap((page) => page.deals) ?? [])
    : [];
  const swapPages = wantsOlderSwaps
    ? (olderSwaps.data?.pages.flatMap((page) => page.swaps) ?? [])
    : [];
  const moreDeals = wantsOlderDeals
    ? olderDeals.hasNextPage || olderDeals.isPending
    : typeof dealsCursor === 'string';
  const moreSwaps = wantsOlderSwaps
    ? olderSwaps.hasNextPage || olderSwaps.isPending
    : typeof swapsCursor === 'string';
  // Swaps not loaded yet count as none: the deals show at once, the nights join them.
  const merged = deals
    ? mergeHistory(
        { items: [...deals, ...dealPages], complete: !moreDeals },
        { items: swaps ? [...swaps, ...swapPages] : [], complete: !swaps || !moreSwaps },
      )
    : null;

  const loadingDeals = wantsOlderDeals && (olderDeals.isPending || olderDeals.isFetchingNextPage);
  const loadingSwaps = wantsOlderSwaps && (olderSwaps.isPending || olderSwaps.isFetchingNextPage);
  const showOlder = () => {
    if (merged?.older.deals) {
      if (!wantsOlderDeals) setWantsOlderDeals(true);
      else void olderDeals.fetchNextPage();
    }
    if (merged?.older.swaps) {
      if (!wantsOlderSwaps) setWantsOlderSwaps(true);
      else void olderSwaps.fetchNextPage();
    }
  };
  return {
    /** Null until the newest deals arrive. */
    entries: merged?.entries ?? null,
    moreToShow: moreDeals || (!!swaps && moreSwaps),
    loadingOlder: loadingDeals || loadingSwaps,
    olderFailed: olderDeals.isError || olderSwaps.isError,
    showOlder,
  };
}
