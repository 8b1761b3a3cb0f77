import { MoneyRequestResponseSchema, type MoneyRequestResponse } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoneyQueries } from './query-keys';

export interface CancelWithdrawalInput {
  id: string;
  /** One key per press of "Cancel request" for this request, reused on a retry. */
  idempotencyKey: string;
}

/** POST /api/withdrawals/:id/cancel → 200 {request}; the hold is released; 409 once resolved. */
export function cancelWithdrawal({
  id,
  idempotencyKey,
}: CancelWithdrawalInput): Promise<MoneyRequestResponse> {
  return apiRequest(`/api/withdrawals/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    auth: 'user',
    schema: MoneyRequestResponseSchema,
    idempotencyKey,
  });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    // A 409 means someone (staff) resolved it meanwhile: the list is stale either way.
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
