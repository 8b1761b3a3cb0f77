import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site, type SiteContent } from '../../content/site';
import { renderAt } from '../../testing/render';
import { agreementClauses } from './agreement-clauses';
import { ClientAgreement } from './client-agreement';

// docs/origin.md §9 "Agreement terms": every figure must appear in the agreement.
const AGREEMENT_CONSTANTS = [
  'USD 300',
  '14 days',
  '18 or older',
  '24 hours',
  '48 hours',
  '5 business days',
  '6 years',
  '28 days',
  '20%',
  '100:1',
  '100,000',
  'one Business Day',
  '5 days',
  '1%',
  'ten days',
  'ten business days',
  '$15,000',
  'more than 10',
  'USD, EUR, GBP, CAD or JPY',
  'base currency of every account is USD',
  'Friday 22:00',
  'Sunday 23:30 CET',
  '21:00 GMT on Sunday',
  '21:00 GMT on Friday',
  'No interest is paid',
  'expert advisors',
  'reset the balance to zero',
];

function renderAgreement(content: SiteContent = site) {
  return renderAt(<ClientAgreement content={content} />, '/terms');
}

/** All text of the page, whitespace collapsed, as a reader sees it. */
function pageText(): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

describe('client agreement (/terms)', () => {
  it('has 23 numbered clauses anchored clause-1 to clause-23, each with its own h2', () => {
    renderAgreement();
    for (let n = 1; n <= 23; n++) {
      const section = document.getElementById(`clause-${n}`);
      expect(section, `clause-${n}`).not.toBeNull();
      const heading = within(section as HTMLElement).getByRole('heading', { level: 2 });
      expect(heading.textContent).toMatch(new RegExp(`^${n}\\. \\S`));
      expect(section?.querySelector('p')?.textContent?.length ?? 0).toBeGreaterThan(150);
    }
    expect(document.getElementById('clause-24')).toBeNull();
  });

  it('lists the clauses in the seed’s order, from interpretation to expert advisors', () => {
    const titles = agreementClauses().map((clause) => clause.title);
    expect(titles).toHaveLength(23);
    expect(titles[0]).toBe('Interpretation');
    expect(titles[3]).toBe('Regulation');
    expect(titles[11]).toBe('Margining');
    expect(titles[20]).toBe('Governing law');
    expect(titles[21]).toBe('Interest-policy confirmation');
    expect(titles[22]).toBe('Expert advisors permitted');
  });

  it('links every clause from the table of contents', () => {
    renderAgreement();
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const hrefs = within(toc)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(Array.from({ length: 23 }, (_, i) => `#clause-${i + 1}`));
  });

  it.each(AGREEMENT_CONSTANTS)('states the agreement term “%s”', (constant) => {
    renderAgreement();
    expect(pageText()).toContain(constant);
  });

  it('takes the company, governing law and minimum deposit from the content module', () => {
    renderAgreement({
      ...site,
      companyName: 'Acme Markets',
      governingLaw: 'England and Wales',
      minimumDepositCents: 50_000,
    });
    const governing = document.getElementById('clause-21')?.textContent ?? '';
    expect(governing).toContain('Acme Markets');
    expect(governing).toContain('the law of England and Wales');
    expect(governing).toContain('courts of England and Wales');
    expect(document.getElementById('clause-8')?.textContent).toContain('USD 500');
    expect(pageText()).not.toContain('USD 300');
  });
});
