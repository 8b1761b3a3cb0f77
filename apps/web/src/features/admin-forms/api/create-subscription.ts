import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SubscriptionPayload } from '../origin-payloads';

export interface CreateSubscriptionInput {
  body: SubscriptionPayload;
  /** One key per submission, reused only when that submission is retried. */
  idempotencyKey: string;
}

/**
 * POST /api/subscribe/create (money:write), the seed's Manage Subscription call: amount in
 * dollars → 201 {message, subscription}; 409 when the balance does not cover the amount.
 *
 * Any 2xx is success (docs/origin.md §7); the body is not read, so an answer that is not quite the
 * expected shape can never report ❌ for money that has moved.
 */
export async function createSubscription({
  body,
  idempotencyKey,
}: CreateSubscriptionInput): Promise<void> {
  await apiRequest('/api/subscribe/create', {
    method: 'POST',
    auth: 'admin',
    body,
    idempotencyKey,
  });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
