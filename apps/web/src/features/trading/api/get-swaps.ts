import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { ACCOUNT_REFRESH_MS } from './get-account-data';
import { tradingKeys } from './query-keys';
import type { Id, SwapsPage } from './types';

const signedIn = () => getToken('user') !== null;

/** GET …/swaps: 50 nightly swaps, newest first; `cursor` (a swap id) starts below it. */
export function getSwaps(id: Id, signal?: AbortSignal, cursor?: string): Promise<SwapsPage> {
  const below = cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`;
  return apiRequest(
    `/api/trading/accounts/${encodeURIComponent(String(id))}/swaps?limit=50${below}`,
    {
      auth: 'user',
      signal,
    },
  );
}

/** The newest page, refreshed with the account (a rollover posts while the page is open). */
export function swapsQuery(id: Id | null) {
  return queryOptions({
    queryKey: tradingKeys.swaps(id ?? ''),
    queryFn: ({ signal }) => getSwaps(id ?? '', signal),
    enabled: () => id !== null && signedIn(),
    refetchInterval: ACCOUNT_REFRESH_MS,
  });
}

export function useSwaps(id: Id | null) {
  return useQuery(swapsQuery(id));
}

/** Swaps older than the newest page, a page at a time from `from`, once asked for. */
export function useOlderSwaps(id: Id | null, from: string | null, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...tradingKeys.swaps(id ?? ''), 'older', from ?? ''] as const,
      queryFn: ({ pageParam, signal }) => getSwaps(id ?? '', signal, pageParam),
      initialPageParam: from ?? '',
      getNextPageParam: (last: SwapsPage) => last.nextCursor ?? undefined,
      enabled: enabled && id !== null && from !== null && signedIn(),
    }),
  );
}
