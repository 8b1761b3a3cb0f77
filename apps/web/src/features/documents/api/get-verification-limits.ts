import { VerificationLimitsSchema, type VerificationLimits } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { documentsKey } from './get-documents';

/** Under documentsKey, so an upload's refresh of the documents refreshes this too. */
export const verificationLimitsKey = [...documentsKey, 'limits'] as const;

/**
 * GET /api/documents/limits: what waits for proof of ID and of residence (decision 104) —
 * withdrawals, and deposits past the operator's limit.
 */
export function getVerificationLimits(signal?: AbortSignal): Promise<VerificationLimits> {
  return apiRequest('/api/documents/limits', {
    auth: 'user',
    schema: VerificationLimitsSchema,
    signal,
  });
}

export function verificationLimitsQuery() {
  return queryOptions({
    queryKey: verificationLimitsKey,
    queryFn: ({ signal }) => getVerificationLimits(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useVerificationLimits() {
  return useQuery(verificationLimitsQuery());
}
