import { DocumentReviewedSchema, type DocumentReviewed } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type DocumentDecision = 'approve' | 'reject';

export interface ReviewDocumentInput {
  id: string;
  decision: DocumentDecision;
  /** Required to reject; the client sees it. */
  reason?: string;
}

/** POST /api/staff/documents/:id/approve · …/reject {reason}; 409 once decided. */
export function reviewDocument({ id, decision, reason }: ReviewDocumentInput) {
  return apiRequest<DocumentReviewed>(
    `/api/staff/documents/${encodeURIComponent(id)}/${decision}`,
    {
      method: 'POST',
      auth: 'admin',
      body: decision === 'reject' ? { reason: reason ?? '' } : undefined,
      schema: DocumentReviewedSchema,
    },
  );
}

/** The queue, the client's page, the overview and the audit log all change. */
const backOfficeReadsKey = ['admin', 'staff'] as const;

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    // A 409 means someone else decided it meanwhile: the data is stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeReadsKey }),
  });
}
