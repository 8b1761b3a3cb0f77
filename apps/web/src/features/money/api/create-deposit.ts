import {
  MoneyRequestResponseSchema,
  type DepositRequestBody,
  type MoneyRequestResponse,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoneyQueries } from './query-keys';

export interface CreateDepositInput {
  body: DepositRequestBody;
  /** One key per intent (amount + method), reused when that intent is retried. */
  idempotencyKey: string;
}

/** POST /api/deposits → 201 {request}; 400 below the first-deposit minimum. */
export function createDeposit({
  body,
  idempotencyKey,
}: CreateDepositInput): Promise<MoneyRequestResponse> {
  return apiRequest('/api/deposits', {
    method: 'POST',
    auth: 'user',
    body,
    schema: MoneyRequestResponseSchema,
    idempotencyKey,
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
