import type { QueryClient } from '@tanstack/react-query';
import type { Id } from './types';

/** The terminal's query keys; every key starts with 'user' so signing out drops them. */
export const tradingKeys = {
  all: ['user', 'trading'] as const,
  instruments: ['user', 'trading', 'instruments'] as const,
  /** The mode the desk lets this client trade under (decision 133). */
  status: ['user', 'trading', 'status'] as const,
  quotes: ['user', 'trading', 'quotes'] as const,
  candles: (symbol: string, period: string) =>
    ['user', 'trading', 'candles', symbol, period] as const,
  accounts: ['user', 'trading', 'accounts'] as const,
  onboarding: ['user', 'trading', 'onboarding'] as const,
  account: (id: Id) => ['user', 'trading', 'account', String(id)] as const,
  positions: (id: Id) => ['user', 'trading', 'account', String(id), 'positions'] as const,
  orders: (id: Id, status: 'pending' | 'history') =>
    ['user', 'trading', 'account', String(id), 'orders', status] as const,
  deals: (id: Id) => ['user', 'trading', 'account', String(id), 'deals'] as const,
  protections: (id: Id) => ['user', 'trading', 'account', String(id), 'protections'] as const,
  swaps: (id: Id) => ['user', 'trading', 'account', String(id), 'swaps'] as const,
  statement: (id: Id, from: string, to: string) =>
    ['user', 'trading', 'account', String(id), 'statement', from, to] as const,
  /** Owned by app/api (get-dashboard.ts): the Profit card and the balance include live trading. */
  dashboard: ['user', 'dashboard'] as const,
};

/** After any action on an account: its figures, positions, orders and history, from the server. */
export function invalidateAccount(queryClient: QueryClient, id: Id): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tradingKeys.accounts }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.account(id) }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.dashboard }),
  ]).then(() => undefined);
}
