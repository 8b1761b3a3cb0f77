import { SubscribeResponseSchema } from '@brokerdesk/shared';
import type { SubscribeResponse } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionsQueryKey } from './get-subscriptions';

export interface SubscribeInput {
  planId: string;
  /** One key per press of Subscribe: a retry of that press never buys the plan twice. */
  idempotencyKey: string;
}

/** POST /api/subscriptions → 201 `{message, subscription}`; 409 INSUFFICIENT_FUNDS; 404 unknown plan. */
export function subscribe({ planId, idempotencyKey }: SubscribeInput): Promise<SubscribeResponse> {
  return apiRequest('/api/subscriptions', {
    method: 'POST',
    auth: 'user',
    body: { planId },
    schema: SubscribeResponseSchema,
    idempotencyKey,
  });
}

/** Subscribing moves money: the balance (dashboard) and the subscription list are re-read. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    // Not awaited: the answer is shown at once, the figures refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['user', 'dashboard'] });
      void queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey });
    },
  });
}
