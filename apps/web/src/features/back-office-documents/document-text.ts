import { DOCUMENT_KIND_LABELS, type StaffDocument } from '@brokerdesk/shared';

/** "Proof of ID of Ada Lovelace": names a document in buttons, headings and messages. */
export function documentSubject(document: Pick<StaffDocument, 'kind' | 'client'>): string {
  return `${DOCUMENT_KIND_LABELS[document.kind]} of ${document.client.name}`;
}
