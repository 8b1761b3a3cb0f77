import type { MarketsResponse } from '@brokerdesk/shared';
import { useEffect, useState } from 'react';
import { getMarkets } from '../api/get-markets';

/**
 * The markets data, fetched once after hydration (never during pre-rendering). null until it
 * arrives, and stays null when the fetch fails: the page keeps its pre-rendered sample table.
 */
export function useMarkets(): MarketsResponse | null {
  const [data, setData] = useState<MarketsResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getMarkets(controller.signal).then(setData, (error: unknown) => {
      if (!controller.signal.aborted) console.warn('Failed to fetch market data', error);
    });
    return () => controller.abort();
  }, []);
  return data;
}
