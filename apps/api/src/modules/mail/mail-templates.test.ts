import { DOCUMENT_KIND_LABELS } from '@brokerdesk/shared';
import { describe, expect, it } from 'vitest';
import { inSentence, makeMailTemplates } from './mail-templates.js';

const templates = makeMailTemplates({ companyName: 'Acme', publicUrl: 'https://acme.example' });

describe('document mails', () => {
  it('write "proof of ID" inside a sentence, never "proof of id"', () => {
    const approved = templates.documentApproved({
      firstName: 'Ann',
      documentLabel: DOCUMENT_KIND_LABELS.id,
    });
    expect(approved.subject).toBe('Proof of ID approved');
    expect(approved.text).toContain('Your proof of ID has been checked and approved.');
    expect(approved.html).toContain('Your proof of ID has been checked and approved.');
    expect(approved.text).not.toContain('proof of id');

    const rejected = templates.documentRejected({
      firstName: 'Ann',
      documentLabel: DOCUMENT_KIND_LABELS.id,
      reason: 'The corners are cut off',
    });
    expect(rejected.text).toContain('We could not accept your proof of ID.');
  });

  it('lower-cases the other labels as before', () => {
    expect(inSentence(DOCUMENT_KIND_LABELS.residence)).toBe('proof of residence');
    expect(inSentence(DOCUMENT_KIND_LABELS['card-front'])).toBe('card front');
  });
});
