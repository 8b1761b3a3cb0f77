// Sending a stored document: its sniffed type, never sniffed again by the browser, shown inline
// under a policy that lets a PDF or image display but never run script, and never cached.
import type { FastifyReply } from 'fastify';
import { asciiFileName } from './documents.service.js';
import type { OpenedDocumentFile } from './documents.service.js';

/** The file's own CSP (it replaces the site's on this response). */
export const DOCUMENT_FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** RFC 5987 percent-encoding (encodeURIComponent leaves ' ( ) * ! as they are). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export async function sendDocumentFile(
  reply: FastifyReply,
  { document, handle }: OpenedDocumentFile,
) {
  const name = document.originalName;
  let size: number;
  try {
    ({ size } = await handle.stat());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return reply
    .header('content-type', document.contentType)
    .header('content-length', String(size))
    .header(
      'content-disposition',
      `inline; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', DOCUMENT_FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .send(handle.createReadStream());
}
