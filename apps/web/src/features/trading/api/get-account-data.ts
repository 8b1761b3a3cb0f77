import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { tradingKeys } from './query-keys';
import type {
  DealsPage,
  Id,
  TradingAccount,
  TradingOrder,
  TradingPosition,
  TradingProtection,
} from './types';

const signedIn = () => getToken('user') !== null;

/** Server figures refresh this often while the page is open (SL, TP and pending fills happen there). */
export const ACCOUNT_REFRESH_MS = 5_000;

const base = (id: Id) => `/api/trading/accounts/${encodeURIComponent(String(id))}`;

/** GET /api/trading/accounts: the client's accounts with their figures. */
export function getTradingAccounts(signal?: AbortSignal): Promise<TradingAccount[]> {
  return apiRequest('/api/trading/accounts', { auth: 'user', signal });
}

export function useTradingAccounts() {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.accounts,
      queryFn: ({ signal }) => getTradingAccounts(signal),
      enabled: signedIn,
      refetchInterval: ACCOUNT_REFRESH_MS,
    }),
  );
}

export function getPositions(id: Id, signal?: AbortSignal): Promise<TradingPosition[]> {
  return apiRequest(`${base(id)}/positions`, { auth: 'user', signal });
}

export function usePositions(id: Id | null) {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.positions(id ?? ''),
      queryFn: ({ signal }) => getPositions(id ?? '', signal),
      enabled: () => id !== null && signedIn(),
      refetchInterval: ACCOUNT_REFRESH_MS,
    }),
  );
}

export function getOrders(
  id: Id,
  status: 'pending' | 'history',
  signal?: AbortSignal,
): Promise<TradingOrder[]> {
  return apiRequest(`${base(id)}/orders?status=${status}`, { auth: 'user', signal });
}

export function usePendingOrders(id: Id | null) {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.orders(id ?? '', 'pending'),
      queryFn: ({ signal }) => getOrders(id ?? '', 'pending', signal),
      enabled: () => id !== null && signedIn(),
      refetchInterval: ACCOUNT_REFRESH_MS,
    }),
  );
}

/** A page of 50 deals, newest first; `cursor` (a deal id) starts below it. */
export function getDeals(id: Id, signal?: AbortSignal, cursor?: string): Promise<DealsPage> {
  const below = cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`;
  return apiRequest(`${base(id)}/deals?limit=50${below}`, { auth: 'user', signal });
}

export function useDeals(id: Id | null) {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.deals(id ?? ''),
      queryFn: ({ signal }) => getDeals(id ?? '', signal),
      enabled: () => id !== null && signedIn(),
      refetchInterval: ACCOUNT_REFRESH_MS,
    }),
  );
}

export function useProtections(id: Id | null) {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.protections(id ?? ''),
      queryFn: ({ signal }): Promise<TradingProtection[]> =>
        apiRequest(`${base(id ?? '')}/protections`, { auth: 'user', signal }),
      enabled: () => id !== null && signedIn(),
      refetchInterval: ACCOUNT_REFRESH_MS,
    }),
  );
}

/**
 * The deals older than the newest page, fetched only once asked for (`enabled`), a page at a
 * time from `from` (the newest page's nextCursor). The newest page keeps refreshing on its own.
 */
export function useOlderDeals(id: Id | null, from: string | null, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...tradingKeys.deals(id ?? ''), 'older', from ?? ''] as const,
      queryFn: ({ pageParam, signal }) => getDeals(id ?? '', signal, pageParam),
      initialPageParam: from ?? '',
      getNextPageParam: (last: DealsPage) => last.nextCursor ?? undefined,
      enabled: enabled && id !== null && from !== null && signedIn(),
    }),
  );
}
