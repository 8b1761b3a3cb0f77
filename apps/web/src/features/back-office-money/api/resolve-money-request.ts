import {
  StaffTransactionResponseSchema,
  type StaffMoneyRequestList,
  type StaffTransactionResponse,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffMoneyRequestsKey } from './get-staff-money-requests';

/** What staff decide about a pending request: a deposit is confirmed, a withdrawal approved. */
export type RequestDecision = 'confirm' | 'approve' | 'reject';
export type RequestKind = 'deposit' | 'withdrawal';

export interface ResolveMoneyRequestInput {
  id: string;
  kind: RequestKind;
  decision: RequestDecision;
  /** Required to reject; the client sees it. */
  reason?: string;
  /** One key per intent (this decision on this request), reused when it is retried. */
  idempotencyKey: string;
}

const KIND_PATHS: Record<RequestKind, string> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
};

/** /api/staff/deposits/:id/confirm · …/reject, /api/staff/withdrawals/:id/approve · …/reject */
export function decisionPath(kind: RequestKind, decision: RequestDecision, id: string): string {
  if (kind === 'deposit' && decision === 'approve') throw new Error('A deposit is confirmed');
  if (kind === 'withdrawal' && decision === 'confirm') throw new Error('A withdrawal is approved');
  return `/api/staff/${KIND_PATHS[kind]}/${encodeURIComponent(id)}/${decision}`;
}

/** POST the decision (docs/money-api.md); 409 when the request is no longer pending. */
export function resolveMoneyRequest(
  input: ResolveMoneyRequestInput,
): Promise<StaffTransactionResponse> {
  return apiRequest(decisionPath(input.kind, input.decision, input.id), {
    method: 'POST',
    auth: 'admin',
    body: input.decision === 'reject' ? { reason: input.reason ?? '' } : undefined,
    schema: StaffTransactionResponseSchema,
    idempotencyKey: input.idempotencyKey,
  });
}

/** Every back-office read: balances, the queue, the overview, the audit log all change. */
export const backOfficeReadsKey = ['admin', 'staff'] as const;

export function useResolveMoneyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveMoneyRequest,
    onSuccess: (_answer, input) => {
      // The row leaves the queue at once; the refetch below confirms it.
      queryClient.setQueryData<StaffMoneyRequestList>(staffMoneyRequestsKey, (list) =>
        list ? { items: list.items.filter((item) => item.id !== input.id) } : list,
      );
    },
    // A 409 means someone else resolved it meanwhile: the data is stale either way. Not
    // awaited: the decision's answer is shown at once, the figures refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: backOfficeReadsKey });
    },
  });
}
