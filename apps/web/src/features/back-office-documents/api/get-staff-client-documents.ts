import { StaffClientDocumentsSchema, type StaffClientDocuments } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { staffDocumentsKey } from './get-staff-documents';

/** GET /api/staff/clients/:clientId/documents: one client's documents and summary. */
export function getStaffClientDocuments(
  clientId: string,
  signal?: AbortSignal,
): Promise<StaffClientDocuments> {
  return apiRequest(`/api/staff/clients/${encodeURIComponent(clientId)}/documents`, {
    auth: 'admin',
    schema: StaffClientDocumentsSchema,
    signal,
  });
}

export function staffClientDocumentsQuery(clientId: string) {
  return queryOptions({
    queryKey: [...staffDocumentsKey, 'client', clientId],
    queryFn: ({ signal }) => getStaffClientDocuments(clientId, signal),
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffClientDocuments(clientId: string) {
  return useQuery(staffClientDocumentsQuery(clientId));
}
