import { ClientDocumentsSchema, type ClientDocuments } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** Starts with 'user', so signing out drops it with the portal's other reads. */
export const documentsKey = ['user', 'documents'] as const;

/** GET /api/documents: the client's documents, newest first, and the verification summary. */
export function getDocuments(signal?: AbortSignal): Promise<ClientDocuments> {
  return apiRequest('/api/documents', { auth: 'user', schema: ClientDocumentsSchema, signal });
}

export function documentsQuery() {
  return queryOptions({
    queryKey: documentsKey,
    queryFn: ({ signal }) => getDocuments(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useDocuments() {
  return useQuery(documentsQuery());
}
