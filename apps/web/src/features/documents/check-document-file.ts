import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_SNIFF_BYTES,
  sniffDocumentType,
} from '@brokerdesk/shared';

const m = DOCUMENT_MESSAGES;

/**
 * The server's checks, done before sending so a client on a slow connection does not wait for
 * 10 MB to go up only to be refused: not empty, at most 10 MB, and a JPEG, PNG or PDF by its
 * first bytes (the same sniffing as the API's). Null when the file can be sent.
 */
export async function checkDocumentFile(file: Blob): Promise<string | null> {
  if (file.size === 0) return m.fileEmpty;
  if (file.size > DOCUMENT_MAX_BYTES) return m.tooLarge;
  const head = new Uint8Array(await file.slice(0, DOCUMENT_SNIFF_BYTES).arrayBuffer());
  return sniffDocumentType(head) ? null : m.wrongType;
}

/** "120 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
