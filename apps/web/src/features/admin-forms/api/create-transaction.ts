import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TransactionPayload } from '../origin-payloads';

export interface CreateTransactionInput {
  body: TransactionPayload;
  /** One key per submission, reused only when that submission is retried. */
  idempotencyKey: string;
}

/**
 * POST /api/transactions/transaction (money:write), the seed's Manage Transaction call: amount
 * in dollars → 201 {message, transaction}; 409 for a withdrawal beyond the available balance.
 *
 * Any 2xx is success (docs/origin.md §7); the body is not read, so an answer that is not quite the
 * expected shape can never report ❌ for money that has moved.
 */
export async function createTransaction({
  body,
  idempotencyKey,
}: CreateTransactionInput): Promise<void> {
  await apiRequest('/api/transactions/transaction', {
    method: 'POST',
    auth: 'admin',
    body,
    idempotencyKey,
  });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
