import {
  MoneyRequestResponseSchema,
  type MoneyRequestResponse,
  type WithdrawalRequestBody,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoneyQueries } from './query-keys';

export interface CreateWithdrawalInput {
  body: WithdrawalRequestBody;
  /** One key per intent (amount + method + destination), reused when it is retried. */
  idempotencyKey: string;
}

/** POST /api/withdrawals → 201 {request} with the funds held; 409 INSUFFICIENT_FUNDS. */
export function createWithdrawal({
  body,
  idempotencyKey,
}: CreateWithdrawalInput): Promise<MoneyRequestResponse> {
  return apiRequest('/api/withdrawals', {
    method: 'POST',
    auth: 'user',
    body,
    schema: MoneyRequestResponseSchema,
    idempotencyKey,
  });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
