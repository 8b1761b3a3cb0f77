// The pure parts of documents: type sniffing, the verification status, display names, and the
// storage's streaming checks on a temporary directory (no app, no database).
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sniffDocumentType, verificationStatusOf } from '@brokerdesk/shared';
import type { DocumentKind, DocumentStatus } from '@brokerdesk/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EXE_BYTES,
  HTML_BYTES,
  JPEG_BYTES,
  PDF_BYTES,
  PNG_BYTES,
} from '../../test/documents-fixtures.js';
import { asciiFileName, cleanOriginalName } from './documents.service.js';
import { makeDocumentStorage, UploadRefusedError } from './documents.storage.js';

describe('sniffDocumentType', () => {
  it('recognises PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffDocumentType(PDF_BYTES)).toBe('application/pdf');
    expect(sniffDocumentType(JPEG_BYTES)).toBe('image/jpeg');
    expect(sniffDocumentType(PNG_BYTES)).toBe('image/png');
  });

  it('refuses everything else, including near misses', () => {
    expect(sniffDocumentType(EXE_BYTES)).toBeNull();
    expect(sniffDocumentType(HTML_BYTES)).toBeNull();
    expect(sniffDocumentType(Buffer.from('%PDF'))).toBeNull(); // no dash
    expect(sniffDocumentType(Buffer.from(' %PDF-1.4'))).toBeNull(); // not at the start
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffDocumentType(Buffer.alloc(0))).toBeNull();
  });
});

describe('verificationStatusOf', () => {
  const of = (id: DocumentStatus | null, residence: DocumentStatus | null, card = null) => {
    const doc = (status: DocumentStatus | null) => (status ? { status } : null);
    const latest: Record<DocumentKind, { status: DocumentStatus } | null> = {
      id: doc(id),
      residence: doc(residence),
      'card-front': doc(card),
      'card-back': doc(card),
    };
    return verificationStatusOf(latest);
  };

  it('is verified only when ID and residence are both approved', () => {
    expect(of('approved', 'approved')).toBe('verified');
    expect(of('approved', 'pending')).toBe('pending');
  });

  it('asks for action when one is missing or rejected', () => {
    expect(of(null, null)).toBe('not-started');
    expect(of('approved', null)).toBe('action-needed');
    expect(of('pending', 'rejected')).toBe('action-needed');
    expect(of('pending', 'pending')).toBe('pending');
  });

  it('ignores the card photos', () => {
    const latest = {
      id: { status: 'approved' as const },
      residence: { status: 'approved' as const },
      'card-front': { status: 'rejected' as const },
      'card-back': null,
    };
    expect(verificationStatusOf(latest)).toBe('verified');
  });
});

describe('cleanOriginalName', () => {
  it('keeps a plain name with the sniffed extension', () => {
    expect(cleanOriginalName('passport.pdf', 'id', 'application/pdf')).toBe('passport.pdf');
    expect(cleanOriginalName('photo.JPEG', 'id', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanOriginalName('scan.pdf', 'id', 'image/png')).toBe('scan.png');
    expect(cleanOriginalName('Bill%20March.pdf', 'residence', 'application/pdf')).toBe(
      'Bill March.pdf',
    );
  });

  it('drops paths, control characters and quotes; falls back to the kind', () => {
    expect(cleanOriginalName('C:\\Users\\me\\id.pdf', 'id', 'application/pdf')).toBe('id.pdf');
    expect(cleanOriginalName('a\u202Efdp.exe', 'id', 'application/pdf')).toBe('afdp.pdf');
    expect(cleanOriginalName('"><img src=x>.png', 'id', 'image/png')).toBe('img src=x.png');
    expect(cleanOriginalName(undefined, 'residence', 'application/pdf')).toBe(
      'proof-of-residence.pdf',
    );
    expect(cleanOriginalName('...', 'card-back', 'image/png')).toBe('card-back.png');
    expect(cleanOriginalName('%E0%A4%A', 'id', 'image/png')).toBe('%E0%A4%A.png');
  });

  it('cuts long names to 200 characters, extension included', () => {
    const name = cleanOriginalName(`${'a'.repeat(500)}.pdf`, 'id', 'application/pdf');
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('has an ASCII form for Content-Disposition', () => {
    expect(asciiFileName('Ma pièce "1".pdf')).toBe('Ma pi_ce _1_.pdf');
  });
});

describe('document storage', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'brokerdesk-documents-'));
    dir = join(root, 'uploads');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  const options = {
    maxBytes: 1024,
    sniffBytes: 8,
    sniff: sniffDocumentType,
  };

  it('creates its directory 0700 and keeps a received file 0600 under a random name', async () => {
    const storage = makeDocumentStorage({ dir });
    const received = await storage.receive(Readable.from([PDF_BYTES]), options);
    const name = storage.newStoredName();
    await storage.keep(received, name);
    expect(readdirSync(dir)).toEqual([name]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    expect(received).toMatchObject({ sizeBytes: PDF_BYTES.length, contentType: 'application/pdf' });
  });

  it('sniffs across chunks smaller than the magic number', async () => {
    const storage = makeDocumentStorage({ dir });
    const bytes = [...PNG_BYTES].map((byte) => Buffer.from([byte]));
    const received = await storage.receive(Readable.from(bytes), options);
    expect(received.contentType).toBe('image/png');
    await storage.discard(received);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses too large, unrecognised and empty bodies, leaving no file', async () => {
    const storage = makeDocumentStorage({ dir });
    const cases: [Buffer[], string][] = [
      [[PDF_BYTES, Buffer.alloc(1024)], 'too-large'],
      [[HTML_BYTES], 'unrecognised'],
      [[], 'empty'],
    ];
    for (const [chunks, refusal] of cases) {
      const error = await storage.receive(Readable.from(chunks), options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadRefusedError);
      expect((error as UploadRefusedError).refusal).toBe(refusal);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('leaves no file when the client goes away mid-upload', async () => {
    const storage = makeDocumentStorage({ dir });
    const source = new PassThrough();
    const receiving = storage.receive(source, options);
    source.write(PDF_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 10));
    source.destroy();
    await expect(receiving).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a stored name it did not make', async () => {
    const storage = makeDocumentStorage({ dir });
    await expect(storage.openStored('../../etc/passwd')).rejects.toThrow(/not a stored/);
    expect(await storage.openStored('0'.repeat(32))).toBeNull();
  });

  it('sweeps partial files left by a crash, not ones still streaming', async () => {
    const storage = makeDocumentStorage({ dir });
    await storage.ensureDirectory();
    const old = join(dir, '.partial-old');
    const young = join(dir, '.partial-young');
    writeFileSync(old, 'x');
    writeFileSync(young, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await storage.sweepPartials(new Date())).toBe(1);
    expect(readdirSync(dir)).toEqual(['.partial-young']);
  });
});
