import {
  DOCUMENT_FILE_NAME_HEADER,
  DocumentUploadedSchema,
  type ClientDocuments,
  type DocumentKind,
  type DocumentUploaded,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { binaryRequest } from '../../../lib/api-client';
import { documentsKey } from './get-documents';

export interface UploadDocumentInput {
  kind: DocumentKind;
  file: File;
}

/**
 * POST /api/documents?kind=… with the file itself as the body (docs/documents-api.md). The type
 * sent is a neutral octet-stream: the server decides from the bytes. The name goes in a header.
 */
export async function uploadDocument({
  kind,
  file,
}: UploadDocumentInput): Promise<DocumentUploaded> {
  const response = await binaryRequest(`/api/documents?kind=${encodeURIComponent(kind)}`, {
    method: 'POST',
    auth: 'user',
    body: file,
    headers: {
      'Content-Type': 'application/octet-stream',
      [DOCUMENT_FILE_NAME_HEADER]: encodeURIComponent(file.name),
    },
  });
  return DocumentUploadedSchema.parse(await response.json());
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: ({ document, verification }) => {
      // Show the new document at once (it replaced any pending one of its kind); the refetch
      // below confirms it.
      queryClient.setQueryData<ClientDocuments>(documentsKey, (current) =>
        current
          ? {
              verification,
              items: [
                document,
                ...current.items.filter(
                  (item) => !(item.kind === document.kind && item.status === 'pending'),
                ),
              ],
            }
          : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
