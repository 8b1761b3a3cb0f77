import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '@brokerdesk/shared';
import { describe, expect, it } from 'vitest';
import { checkDocumentFile, formatFileSize } from './check-document-file';
import { FILE_BYTES } from '../../testing/document-fixtures';

function sized(bytes: Uint8Array<ArrayBuffer>, size: number): File {
  const file = new File([bytes], 'scan.pdf', { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkDocumentFile', () => {
  it('accepts a PDF or PNG by its first bytes', async () => {
    expect(await checkDocumentFile(new File([FILE_BYTES.pdf], 'a.pdf'))).toBeNull();
    expect(await checkDocumentFile(new File([FILE_BYTES.png], 'photo'))).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or PDF, whatever it is called or claims to be', async () => {
    const html = new File([FILE_BYTES.html], 'passport.pdf', { type: 'application/pdf' });
    expect(await checkDocumentFile(html)).toBe(DOCUMENT_MESSAGES.wrongType);
  });

  it('refuses an empty file and one over 10 MB', async () => {
    expect(await checkDocumentFile(new File([], 'a.pdf'))).toBe(DOCUMENT_MESSAGES.fileEmpty);
    expect(await checkDocumentFile(sized(FILE_BYTES.pdf, DOCUMENT_MAX_BYTES + 1))).toBe(
      DOCUMENT_MESSAGES.tooLarge,
    );
    expect(await checkDocumentFile(sized(FILE_BYTES.pdf, DOCUMENT_MAX_BYTES))).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('says bytes, KB or MB', () => {
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(123_456)).toBe('121 KB');
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
  });
});
