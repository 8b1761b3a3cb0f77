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

describe('trade confirmation', () => {
  const close = {
    firstName: 'Ann',
    accountLabel: 'Live',
    dealId: 4471,
    entry: 'out' as const,
    symbol: 'GBPUSD',
    side: 'Sell',
    lots: '0.10',
    price: '1.27015',
    time: '2026-03-02 08:00:01.250 UTC',
    pnlMinor: -300,
    reason: 'Closed by the dealing desk (“<b>risk</b> & review”)',
    pricesLabel: 'Simulated prices',
  };

  it('lists the deal’s facts as lines in text and as a table in HTML, escaped', () => {
    const mail = templates.tradeConfirmation(close);
    expect(mail.template).toBe('trade-confirmation');
    expect(mail.subject).toBe('Closed: Sell 0.10 GBPUSD at 1.27015 (Live, deal 4471)');
    expect(mail.text).toContain(
      [
        'Account: Live',
        'Deal: 4471',
        'Symbol: GBPUSD',
        'Position side: Sell',
        'Volume: 0.10 lots',
        'Price: 1.27015',
        'Time: 2026-03-02 08:00:01.250 UTC',
        'Realised P/L: −$3.00',
        'Reason: Closed by the dealing desk (“<b>risk</b> & review”)',
      ].join('\n'),
    );
    expect(mail.text).toContain('Simulated prices. The platform is the counterparty');
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('&lt;b&gt;risk&lt;/b&gt; &amp; review');
    expect(mail.html).not.toContain('<b>risk</b>');
  });

  it('says neither P/L nor reason for a fill', () => {
    const mail = templates.tradeConfirmation({ ...close, entry: 'in', pnlMinor: 0 });
    expect(mail.subject).toBe('Opened: Sell 0.10 GBPUSD at 1.27015 (Live, deal 4471)');
    expect(mail.text).toContain('A position opened on your Live trading account:');
    expect(mail.text).not.toContain('Realised P/L');
    expect(mail.text).not.toContain('Reason:');
    expect(mail.text).toContain('\nSide: Sell\n');
  });
});
