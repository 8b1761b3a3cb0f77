import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAccount, tradingKeys } from './query-keys';
import type { AccountKind, Id, TradingAccount } from './types';

const base = (id: Id) => `/api/trading/accounts/${encodeURIComponent(String(id))}`;

/** POST /api/trading/accounts {kind}: 201 the account; 403 EMAIL_NOT_VERIFIED / DOCUMENTS_REQUIRED. */
export function openAccount(kind: AccountKind): Promise<TradingAccount> {
  return apiRequest('/api/trading/accounts', { method: 'POST', auth: 'user', body: { kind } });
}

export function useOpenAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingKeys.accounts }),
  });
}

/** POST /api/trading/accounts/:id/reset: 201 the fresh demo account; the old one is archived. */
export function resetDemo(id: Id): Promise<TradingAccount> {
  return apiRequest(`${base(id)}/reset`, { method: 'POST', auth: 'user' });
}

export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDemo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
  });
}

export interface TransferInput {
  accountId: Id;
  direction: 'in' | 'out';
  amountMinor: number;
  idempotencyKey: string;
}

/** POST /api/trading/accounts/:id/transfers: wallet ↔ live account, in cents. */
export function transfer({
  accountId,
  direction,
  amountMinor,
  idempotencyKey,
}: TransferInput): Promise<{ account: TradingAccount }> {
  return apiRequest(`${base(accountId)}/transfers`, {
    method: 'POST',
    auth: 'user',
    body: { direction, amountMinor },
    idempotencyKey,
  });
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transfer,
    onSuccess: (_, input) =>
      Promise.all([
        invalidateAccount(queryClient, input.accountId),
        // The wallet's figures live in the money feature's queries.
        queryClient.invalidateQueries({ queryKey: ['user', 'money'] }),
      ]),
  });
}
