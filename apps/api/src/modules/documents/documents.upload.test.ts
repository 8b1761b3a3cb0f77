// The client's side of verification documents, through the real app and database: uploads are
// sniffed, size-limited and stored privately; refused ones leave nothing; a client only ever
// reaches their own documents; replacements follow the written rules.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '@brokerdesk/shared';
import type { ClientDocuments, DocumentUploaded } from '@brokerdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDocuments, clients } from '../../db/schema.js';
import { clientCaller, get } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { DOCUMENT_FILE_CSP } from './documents.file.js';
import {
  EXE_BYTES,
  HTML_BYTES,
  JPEG_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  filesOnDisk,
  upload,
  uploadsDir,
} from '../../test/documents-fixtures.js';
import { DOCUMENT_UPLOAD_RATE_LIMIT } from './documents.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function rowsOf(clientId: string) {
  return t.database.db.select().from(clientDocuments).where(eq(clientDocuments.clientId, clientId));
}

/** A body of `bytes` bytes that starts like a PDF, as a stream with no Content-Length. */
function streamedPdf(bytes: number): Readable {
  const chunk = 64 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.push(null);
      const size = Math.min(chunk, bytes - sent);
      const part = Buffer.alloc(size, 0x20);
      if (sent === 0) PDF_BYTES.copy(part, 0, 0, Math.min(size, PDF_BYTES.length));
      sent += size;
      this.push(part);
    },
  });
}

describe('POST /api/documents', () => {
  it.each([
    ['a PDF', PDF_BYTES, 'passport.pdf', 'application/pdf', 'passport.pdf'],
    ['a PNG', PNG_BYTES, 'passport.png', 'image/png', 'passport.png'],
    ['a JPEG', JPEG_BYTES, 'passport.jpeg', 'image/jpeg', 'passport.jpg'],
  ])(
    'stores %s as pending, privately, under a random name',
    async (_label, bytes, name, type, shownName) => {
      const client = await clientCaller(t);
      const response = await upload(t, client, bytes, { name });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<DocumentUploaded>();
      expect(body.message).toBe(DOCUMENT_MESSAGES.uploaded);
      expect(body.document).toMatchObject({
        kind: 'id',
        status: 'pending',
        contentType: type,
        originalName: shownName,
        sizeBytes: bytes.length,
        reason: null,
      });

      const [row] = await rowsOf(client.id);
      expect(row?.storedName).toMatch(/^[0-9a-f]{32}$/);
      expect(row?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const path = join(uploadsDir(t), row?.storedName ?? '');
      expect(readFileSync(path).equals(bytes)).toBe(true);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(uploadsDir(t)).mode & 0o777).toBe(0o700);
      expect(filesOnDisk(t).filter((file) => file.startsWith('.partial-'))).toEqual([]);
    },
  );

  it('sniffs the type from the bytes, not from the declared type or the file name', async () => {
    const client = await clientCaller(t);
    const response = await upload(t, client, PNG_BYTES, {
      name: 'scan.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<DocumentUploaded>().document).toMatchObject({
      contentType: 'image/png',
      originalName: 'scan.png',
    });
  });

  it('keeps only the last part of a file name, without control characters or quotes', async () => {
    const client = await clientCaller(t);
    const response = await upload(t, client, PDF_BYTES, {
      name: '../../etc/"évidence"\u0000\r\n.pdf',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<DocumentUploaded>().document.originalName).toBe('évidence.pdf');
  });

  it('answers 413 for an 11 MB file with a Content-Length, and stores nothing', async () => {
    const client = await clientCaller(t);
    const before = filesOnDisk(t);
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    PDF_BYTES.copy(big);
    const response = await upload(t, client, big, { name: 'big.pdf' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: DOCUMENT_MESSAGES.tooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(filesOnDisk(t)).toEqual(before);
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it('answers 413 for a streamed body that passes 10 MB, and leaves no partial file', async () => {
    const client = await clientCaller(t);
    const before = filesOnDisk(t);
    const response = await upload(t, client, streamedPdf(11 * 1024 * 1024), { name: 'big.pdf' });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(filesOnDisk(t)).toEqual(before);
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const client = await clientCaller(t);
    const response = await upload(t, client, streamedPdf(DOCUMENT_MAX_BYTES), {
      kind: 'residence',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<DocumentUploaded>().document.sizeBytes).toBe(DOCUMENT_MAX_BYTES);
  });

  it.each([
    ['an executable named .pdf', EXE_BYTES, 'invoice.pdf', 'application/pdf'],
    ['an HTML page named .pdf', HTML_BYTES, 'passport.pdf', 'application/pdf'],
    ['an HTML page sent as an image', HTML_BYTES, 'photo.png', 'image/png'],
  ])('answers 415 for %s and stores nothing', async (_label, bytes, name, contentType) => {
    const client = await clientCaller(t);
    const before = filesOnDisk(t);
    const response = await upload(t, client, bytes, { name, contentType });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: DOCUMENT_MESSAGES.wrongType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(filesOnDisk(t)).toEqual(before);
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it('answers 400 for an empty body and for an unknown kind', async () => {
    const client = await clientCaller(t);
    const empty = await upload(t, client, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(DOCUMENT_MESSAGES.fileEmpty);

    const badKind = await upload(t, client, PDF_BYTES, { kind: 'selfie' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json<{ message: string }>().message).toBe(DOCUMENT_MESSAGES.kindInvalid);
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it('answers 401 without a client sign-in and 403 with a staff one, storing nothing', async () => {
    const before = filesOnDisk(t);
    const anonymous = await upload(t, { headers: {} }, PDF_BYTES);
    expect(anonymous.statusCode).toBe(401);
    const staffToken = await t.staffLogin();
    const staff = await upload(t, { headers: { 'x-auth-token': staffToken } }, PDF_BYTES);
    expect(staff.statusCode).toBe(403);
    expect(filesOnDisk(t)).toEqual(before);
  });

  it('replaces a pending document of the same kind: one row, the old file deleted', async () => {
    const client = await clientCaller(t);
    const first = await upload(t, client, PDF_BYTES, { name: 'first.pdf' });
    const [firstRow] = await rowsOf(client.id);
    const second = await upload(t, client, PNG_BYTES, { name: 'second.png' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);

    const rows = await rowsOf(client.id);
    expect(rows.map((row) => row.originalName)).toEqual(['second.png']);
    expect(filesOnDisk(t)).not.toContain(firstRow?.storedName);
    expect(filesOnDisk(t)).toContain(rows[0]?.storedName);
    const gone = await get(
      t,
      `/api/documents/${first.json<DocumentUploaded>().document.id}`,
      client,
    );
    expect(gone.statusCode).toBe(404);
  });

  it('does not let one client exceed the upload allowance', async () => {
    const client = await clientCaller(t);
    for (let i = 0; i < DOCUMENT_UPLOAD_RATE_LIMIT.max; i += 1) {
      expect((await upload(t, client, PNG_BYTES, { kind: 'card-front' })).statusCode).toBe(201);
    }
    const refused = await upload(t, client, PNG_BYTES, { kind: 'card-front' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');
    // Replacements kept one pending document, not twenty.
    expect(await rowsOf(client.id)).toHaveLength(1);
    // Another client is not affected.
    const other = await clientCaller(t);
    expect((await upload(t, other, PNG_BYTES, { kind: 'card-front' })).statusCode).toBe(201);
  });
});

describe('reading documents', () => {
  it("lists the client's own documents with the verification summary", async () => {
    const client = await clientCaller(t);
    await t.database.db
      .update(clients)
      .set({ emailVerifiedAt: null })
      .where(eq(clients.id, client.id));
    const empty = await get(t, '/api/documents', client);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<ClientDocuments>()).toMatchObject({
      items: [],
      verification: {
        emailVerified: false,
        status: 'not-started',
        documents: { id: null, residence: null, 'card-front': null, 'card-back': null },
      },
    });

    await upload(t, client, PDF_BYTES, { kind: 'id', name: 'id.pdf' });
    const oneOfTwo = (await get(t, '/api/documents', client)).json<ClientDocuments>();
    expect(oneOfTwo.items.map((doc) => doc.kind)).toEqual(['id']);
    expect(oneOfTwo.verification.status).toBe('action-needed');
    expect(oneOfTwo.verification.documents.id?.originalName).toBe('id.pdf');

    await upload(t, client, PNG_BYTES, { kind: 'residence', name: 'bill.png' });
    const both = (await get(t, '/api/documents', client)).json<ClientDocuments>();
    expect(both.items.map((doc) => doc.kind)).toEqual(['residence', 'id']);
    expect(both.verification.status).toBe('pending');

    await t.database.db
      .update(clients)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(clients.id, client.id));
    expect(
      (await get(t, '/api/documents', client)).json<ClientDocuments>().verification.emailVerified,
    ).toBe(true);
  });

  it('serves the owner their file with headers that keep it inert and uncached', async () => {
    const client = await clientCaller(t);
    const id = (
      await upload(t, client, PDF_BYTES, { name: 'Ma pièce.pdf' })
    ).json<DocumentUploaded>().document.id;
    const response = await get(t, `/api/documents/${id}/file`, client);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toBe(DOCUMENT_FILE_CSP);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Ma pi_ce.pdf"; filename*=UTF-8''Ma%20pi%C3%A8ce.pdf`,
    );

    const one = await get(t, `/api/documents/${id}`, client);
    expect(one.statusCode).toBe(200);
    expect(one.json<{ id: string }>().id).toBe(id);
  });

  it("answers 404, not 403, for another client's document and its file", async () => {
    const owner = await clientCaller(t);
    const other = await clientCaller(t);
    const id = (await upload(t, owner, PDF_BYTES)).json<DocumentUploaded>().document.id;

    for (const url of [`/api/documents/${id}`, `/api/documents/${id}/file`]) {
      const response = await get(t, url, other);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        message: DOCUMENT_MESSAGES.notFound,
        code: 'NOT_FOUND',
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    // The same answer as for a document that does not exist at all.
    const missing = await get(t, '/api/documents/00000000-0000-4000-8000-000000000000/file', other);
    expect(missing.statusCode).toBe(404);
    const notAnId = await get(t, '/api/documents/not-an-id/file', other);
    expect(notAnId.statusCode).toBe(404);
    // Not in the other client's list either.
    expect((await get(t, '/api/documents', other)).json<ClientDocuments>().items).toEqual([]);
  });
});
