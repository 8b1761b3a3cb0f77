import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORIGIN_EXAMPLE_CLAIMS, site } from '../../../content/site';
import type { SiteContent } from '../../../content/site';
import { renderAt } from '../../../testing/render';
import { SupportFaq } from './support-faq';

const LICENSED: SiteContent = {
  ...site,
  companyName: 'Example Markets',
  demo: false,
  licence: {
    regulatorName: 'Example Financial Authority',
    licenceNumber: 'EFA-123/45',
    registerUrl: 'https://register.example.org/efa-123-45',
    yearsLicensed: 3,
    compensationText: null,
  },
};

function answerTo(question: RegExp): HTMLElement {
  const summary = screen.getByText(question, { selector: 'summary' });
  const details = summary.closest('details');
  if (!details) throw new Error('summary outside details');
  return details;
}

describe('SupportFaq', () => {
  it('asks five questions as native details elements, all closed', () => {
    renderAt(<SupportFaq />, '/contact');
    const items = document.querySelectorAll('details');
    expect(items).toHaveLength(5);
    for (const item of items) expect(item.open).toBe(false);
  });

  it('says plainly that the default install is not regulated', () => {
    renderAt(<SupportFaq />, '/contact');
    const answer = answerTo(/regulated\?/);
    expect(answer.textContent).toContain(
      'No. This is a demonstration platform, not a regulated broker',
    );
    expect(answer.textContent).not.toMatch(/licensed by|licence number/i);
    expect(answerTo(/What is/).textContent).toContain('not a live brokerage');
  });

  it('names the regulator, the licence number and the register when configured', () => {
    renderAt(<SupportFaq content={LICENSED} />, '/contact');
    const answer = answerTo(/Is Example Markets regulated\?/);
    expect(answer.textContent).toContain('Example Financial Authority');
    expect(answer.textContent).toContain('EFA-123/45');
    expect(answer.textContent).not.toContain('No. This is a demonstration platform');
    const link = screen.getByRole('link', { name: /public register/ });
    expect(link.getAttribute('href')).toBe('https://register.example.org/efa-123-45');
  });

  it('claims no licence for a demo install even with licence fields filled in', () => {
    renderAt(<SupportFaq content={{ ...LICENSED, demo: true }} />, '/contact');
    expect(answerTo(/regulated\?/).textContent).toContain('No. This is a demonstration platform');
    expect(screen.queryByText(/EFA-123\/45/)).toBeNull();
  });

  it('lists the three package kinds', () => {
    renderAt(<SupportFaq />, '/contact');
    const answer = answerTo(/Which packages/).textContent ?? '';
    for (const word of ['Weekly', 'Monthly', 'Premium']) expect(answer).toContain(word);
  });

  it('offers daily signals only when the operator says plans include them', () => {
    renderAt(<SupportFaq />, '/contact');
    expect(answerTo(/Which packages/).textContent).not.toMatch(/signals/i);
  });

  it('names daily signals when the operator configures them', () => {
    renderAt(<SupportFaq content={{ ...site, claims: ORIGIN_EXAMPLE_CLAIMS }} />, '/contact');
    expect(answerTo(/Which packages/).textContent).toContain('daily signals');
  });

  it('says withdrawals need approved documents', () => {
    renderAt(<SupportFaq />, '/contact');
    expect(answerTo(/open an account/).textContent).toContain('proof of ID and proof of residence');
  });
});
