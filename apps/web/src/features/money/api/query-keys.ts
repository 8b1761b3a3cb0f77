import type { QueryClient } from '@tanstack/react-query';

/**
 * The portal's money-related query keys. Every key starts with 'user' so signing out can drop
 * them together; `moneyKeys.all` covers the summary, the requests and the balance history.
 */
export const moneyKeys = {
  all: ['user', 'money'] as const,
  summary: ['user', 'money', 'summary'] as const,
  balanceHistory: ['user', 'money', 'balance-history'] as const,
  requests: (filter: { open?: boolean } = {}) => ['user', 'money', 'requests', filter] as const,
  transactionsAll: ['user', 'transactions'] as const,
  transactions: (filter: { type?: string; status?: string }) =>
    ['user', 'transactions', filter] as const,
  /** Owned by features/dashboard (get-dashboard.ts); refreshed here after money moves. */
  dashboard: ['user', 'dashboard'] as const,
};

/** After a deposit, withdrawal or cancellation: everything that shows balances or requests. */
export function invalidateMoneyQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
    queryClient.invalidateQueries({ queryKey: moneyKeys.transactionsAll }),
    queryClient.invalidateQueries({ queryKey: moneyKeys.dashboard }),
  ]).then(() => undefined);
}
