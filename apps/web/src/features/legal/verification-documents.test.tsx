import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { VerificationDocuments } from './verification-documents';

describe('verification documents (/verification)', () => {
  it('lists the three documents with the seed’s rules for each', () => {
    renderAt(<VerificationDocuments />, '/verification');
    const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
    expect(screen.getByRole('heading', { name: /proof of identity/i })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /proof of residence/i })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /card photos/i })).toBeTruthy();
    expect(text).toMatch(/all 4 corners of the document and your full name must be visible/i);
    expect(text).toContain('dated within the last 3 months');
    expect(text).toContain('front and back of the card');
    expect(text).toContain('middle digits masked and the last 4 digits visible');
    expect(text).toContain('a card deposit of $15,000 or more, or more than 10 deposits');
    expect(text).toMatch(/verify the card or payment details/);
  });

  it('states what waits for the documents as the platform enforces it (decision 104)', () => {
    renderAt(<VerificationDocuments />, '/verification');
    const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
    expect(screen.getByRole('heading', { name: 'What waits for your documents' })).toBeTruthy();
    expect(text).toContain(
      'Withdrawals are paid only once your proof of identity and your proof of residence are both approved.',
    );
    expect(text).toContain('Deposits can be requested before then, up to a set total');
    // Deposits are confirmed before documents (up to the limit): no page may say otherwise.
    expect(text).not.toMatch(/before we can confirm deposits/i);
  });
});
