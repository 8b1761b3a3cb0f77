// Test helpers for documents: tiny real files of each accepted type (and some impostors), the
// upload call as the portal makes it, and a look at the uploads directory.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentKind } from '@brokerdesk/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Readable } from 'node:stream';
import { clientDocuments, clients } from '../db/schema.js';
import type { Caller } from './money-fixtures.js';
import type { TestApp } from './test-app.js';

/** A one-page PDF (header, catalog, page, trailer). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 baseline JPEG. */
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP////////////////////////////////////////////////////' +
    '//////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A Windows executable's first bytes ("MZ"), whatever it is called. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(256),
]);

/** An HTML page with a script: the upload a stored-XSS attempt would make. */
export const HTML_BYTES = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

export interface UploadOptions {
  kind?: DocumentKind | string;
  name?: string;
  /** What the client claims; the server ignores it. Default application/octet-stream. */
  contentType?: string;
}

export function upload(
  testApp: TestApp,
  caller: Caller,
  body: Buffer | Readable,
  { kind = 'id', name, contentType = 'application/octet-stream' }: UploadOptions = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/documents?kind=${encodeURIComponent(kind)}`,
    headers: {
      ...caller.headers,
      'content-type': contentType,
      ...(name === undefined ? {} : { 'x-file-name': encodeURIComponent(name) }),
    },
    payload: body,
  });
}

export function uploadsDir(testApp: TestApp): string {
  return join(testApp.dataDir, 'uploads');
}

/** Every name in DATA_DIR/uploads, partial files included. */
export function filesOnDisk(testApp: TestApp): string[] {
  try {
    return readdirSync(uploadsDir(testApp)).sort();
  } catch {
    return [];
  }
}

/**
 * A fixture shortcut, as markEmailVerified is for the e-mail: the client's proof of ID and of
 * residence, approved, written straight to the database and the uploads directory (no mail or
 * audit record, so tests about something else see nothing new). Afterwards the client may withdraw, and deposit
 * past DEPOSITS_BEFORE_DOCUMENTS_USD (decision 104). The documents tests go through the real
 * upload and review instead.
 */
export async function approveIdentityDocuments(
  testApp: TestApp,
  client: { email: string },
): Promise<void> {
  const [row] = await testApp.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.email, client.email.toLowerCase()));
  if (!row) throw new Error(`no client ${client.email}`);
  const now = new Date();
  // Each with its file, so every document route finds what it expects. The file is this
  // client's own (a comment line makes it unique): two clients with one file would be a
  // self-referral signal (decision 110).
  const storedNames = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
  const file = Buffer.concat([PDF_BYTES, Buffer.from(`% ${row.id}\n`)]);
  for (const name of storedNames) {
    writeFileSync(join(uploadsDir(testApp), name), file, { mode: 0o600 });
  }
  await testApp.database.db.insert(clientDocuments).values(
    (['id', 'residence'] as const).map((kind, i) => ({
      clientId: row.id,
      kind,
      status: 'approved' as const,
      storedName: storedNames[i] ?? '',
      originalName: `${kind}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: file.length,
      sha256: createHash('sha256').update(file).digest('hex'),
      reviewedAt: now,
    })),
  );
}
