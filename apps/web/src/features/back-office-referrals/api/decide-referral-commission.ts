import {
  StaffReferralCommissionResponseSchema,
  type StaffReferralCommissionResponse,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Release a held commission, or void a pending or held one; both take a reason. */
export type CommissionDecision = 'release' | 'void';

export interface DecideReferralCommissionInput {
  id: string;
  decision: CommissionDecision;
  reason: string;
}

/** POST /api/staff/referral-commissions/:id/release · …/void {reason}; 409 once decided. */
export function decideReferralCommission({
  id,
  decision,
  reason,
}: DecideReferralCommissionInput): Promise<StaffReferralCommissionResponse> {
  return apiRequest(`/api/staff/referral-commissions/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    auth: 'admin',
    body: { reason },
    schema: StaffReferralCommissionResponseSchema,
  });
}

/** The lists, the client's balances and statement, the audit log: every back-office read. */
const backOfficeReadsKey = ['admin', 'staff'] as const;

export function useDecideReferralCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReferralCommission,
    // A 409 means someone (or the worker) moved it meanwhile: the data is stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeReadsKey }),
  });
}
