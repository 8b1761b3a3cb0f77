// Documents as the API answers them, for the portal's and the back office's tests.
import type {
  ClientDocument,
  ClientDocuments,
  DocumentKind,
  StaffDocument,
  VerificationSummary,
} from '@brokerdesk/shared';
import { verificationStatusOf } from '@brokerdesk/shared';

export function clientDocument(overrides: Partial<ClientDocument> = {}): ClientDocument {
  return {
    id: 'doc-1',
    kind: 'id',
    status: 'pending',
    originalName: 'passport.pdf',
    contentType: 'application/pdf',
    sizeBytes: 123_456,
    reason: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    reviewedAt: null,
    ...overrides,
  };
}

/** The GET /api/documents answer for these documents (each kind's first one is its newest). */
export function clientDocuments(
  items: ClientDocument[] = [],
  { emailVerified = true }: { emailVerified?: boolean } = {},
): ClientDocuments {
  const latest: Record<DocumentKind, ClientDocument | null> = {
    id: null,
    residence: null,
    'card-front': null,
    'card-back': null,
  };
  for (const item of items) latest[item.kind] ??= item;
  const verification: VerificationSummary = {
    emailVerified,
    status: verificationStatusOf(latest),
    documents: latest,
  };
  return { items, verification };
}

export function staffDocument(overrides: Partial<StaffDocument> = {}): StaffDocument {
  return {
    ...clientDocument(),
    client: { id: 'client-1', name: 'Ann Lee', email: 'ann@example.com' },
    sha256: 'ab'.repeat(32),
    reviewedBy: null,
    ...overrides,
  };
}

/** Bytes that start like each accepted type, and an impostor. */
export const FILE_BYTES = {
  pdf: bytesOf('%PDF-1.4\n%%EOF\n'),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  html: bytesOf('<!doctype html><script>alert(1)</script>'),
};

function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new TextEncoder().encode(text));
}
