import {
  StaffDocumentPageSchema,
  type DocumentStatus,
  type StaffDocumentPage,
} from '@brokerdesk/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** Every back-office read starts with ['admin', 'staff']; documents share this prefix. */
export const staffDocumentsKey = ['admin', 'staff', 'documents'] as const;

const PAGE_SIZE = 50;

/** GET /api/staff/documents?status=&cursor=: pending oldest first, decided newest first. */
export function getStaffDocuments(
  status: DocumentStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StaffDocumentPage> {
  const params = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/staff/documents?${params.toString()}`, {
    auth: 'admin',
    schema: StaffDocumentPageSchema,
    signal,
  });
}

export function staffDocumentsQuery(status: DocumentStatus) {
  return infiniteQueryOptions({
    queryKey: [...staffDocumentsKey, 'list', status],
    queryFn: ({ pageParam, signal }) => getStaffDocuments(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: () => getToken('admin') !== null,
  });
}

export function useStaffDocuments(status: DocumentStatus) {
  return useInfiniteQuery(staffDocumentsQuery(status));
}
