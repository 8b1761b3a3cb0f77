import {
  TransactionPageSchema,
  type TransactionPage,
  type TransactionStatus,
  type TransactionType,
} from '@brokerdesk/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { moneyKeys } from './query-keys';

export const TRANSACTIONS_PAGE_SIZE = 25;

export interface TransactionFilter {
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
}

/** `?type=&status=` plus any extra parameters, leaving out the empty ones. */
export function transactionSearch(
  filter: TransactionFilter,
  extra: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filter, ...extra })) {
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/transactions: one keyset page, newest first. */
export function getTransactions(
  filter: TransactionFilter & { cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const { cursor, ...rest } = filter;
  const search = transactionSearch(rest, {
    cursor,
    limit: String(TRANSACTIONS_PAGE_SIZE),
  });
  return apiRequest(`/api/transactions${search}`, {
    auth: 'user',
    schema: TransactionPageSchema,
    signal,
  });
}

export function transactionsQuery(filter: TransactionFilter) {
  const key = { type: filter.type, status: filter.status };
  return infiniteQueryOptions({
    queryKey: moneyKeys.transactions(key),
    queryFn: ({ pageParam, signal }) => getTransactions({ ...key, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: () => getToken('user') !== null,
  });
}

export function useTransactions(filter: TransactionFilter) {
  return useInfiniteQuery(transactionsQuery(filter));
}
