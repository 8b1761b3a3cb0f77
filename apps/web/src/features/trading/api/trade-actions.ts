import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateAccount, tradingKeys } from './query-keys';
import type {
  Id,
  PlaceOcoBody,
  PlaceOrderBody,
  PlaceOrderResult,
  TradingDeal,
  TradingOrder,
  TradingPosition,
} from './types';

const base = (id: Id) => `/api/trading/accounts/${encodeURIComponent(String(id))}`;

export interface PlaceOrderInput {
  accountId: Id;
  body: PlaceOrderBody | PlaceOcoBody;
  /** One per press of Buy/Sell (crypto.randomUUID), reused only when that press is retried. */
  idempotencyKey: string;
}

/** POST …/orders: 201 {orders, position?}; refusals are 4xx {message, code}. */
export function placeOrder({
  accountId,
  body,
  idempotencyKey,
}: PlaceOrderInput): Promise<PlaceOrderResult> {
  return apiRequest(`${base(accountId)}/orders`, {
    method: 'POST',
    auth: 'user',
    body,
    idempotencyKey,
  });
}

export interface StopsBody {
  sl?: string | null;
  tp?: string | null;
  trailingPoints?: number | null;
}

export function modifyPosition(input: {
  accountId: Id;
  positionId: Id;
  body: StopsBody;
}): Promise<TradingPosition> {
  return apiRequest(
    `${base(input.accountId)}/positions/${encodeURIComponent(String(input.positionId))}`,
    {
      method: 'PATCH',
      auth: 'user',
      body: input.body,
    },
  );
}

export function closePosition(input: {
  accountId: Id;
  positionId: Id;
  volume?: string;
  idempotencyKey: string;
}): Promise<{ deal: TradingDeal; position: TradingPosition | null }> {
  return apiRequest(
    `${base(input.accountId)}/positions/${encodeURIComponent(String(input.positionId))}/close`,
    {
      method: 'POST',
      auth: 'user',
      body: input.volume === undefined ? {} : { volume: input.volume },
      idempotencyKey: input.idempotencyKey,
    },
  );
}

export function modifyOrder(input: {
  accountId: Id;
  orderId: Id;
  body: StopsBody & { price?: string };
}): Promise<TradingOrder> {
  return apiRequest(
    `${base(input.accountId)}/orders/${encodeURIComponent(String(input.orderId))}`,
    {
      method: 'PATCH',
      auth: 'user',
      body: input.body,
    },
  );
}

export function cancelOrder(input: { accountId: Id; orderId: Id }): Promise<TradingOrder> {
  return apiRequest(
    `${base(input.accountId)}/orders/${encodeURIComponent(String(input.orderId))}`,
    {
      method: 'DELETE',
      auth: 'user',
    },
  );
}

/** Each action refreshes the account's server figures, positions, orders and history. */
function useAccountMutation<Input extends { accountId: Id }, Output>(
  send: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: (_data, error, input) => {
      // The desk may have switched the instrument off since the list was read: read it again.
      if (error instanceof ApiError && error.code === 'TRADING_DISABLED') {
        void queryClient.invalidateQueries({ queryKey: tradingKeys.instruments });
        // …or put the platform or this client in close only or halted (decision 133).
        void queryClient.invalidateQueries({ queryKey: tradingKeys.status });
      }
      return invalidateAccount(queryClient, input.accountId);
    },
  });
}

export const usePlaceOrder = () => useAccountMutation(placeOrder);
export const useModifyPosition = () => useAccountMutation(modifyPosition);
export const useClosePosition = () => useAccountMutation(closePosition);
export const useModifyOrder = () => useAccountMutation(modifyOrder);
export const useCancelOrder = () => useAccountMutation(cancelOrder);
