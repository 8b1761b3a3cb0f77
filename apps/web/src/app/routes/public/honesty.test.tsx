import { screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import About from './about';
import Advices from './advices';
import Affiliate from './affiliate';
import Conflict from './conflict';
import Ebook from './ebook';
import Information from './information';
import Privacy from './privacy';
import Regulation from './regulation';
import Risk from './risk';
import Safety from './safety';
import Terms from './terms';
import Verification from './verification';
import Webinars from './webinars';
import { InfoPage } from '../../../components/info-page';
import { site, type SiteContent } from '../../../content/site';
import { renderAt } from '../../../testing/render';
import { ClientAgreement, RiskDisclosure } from '../../../features/legal';
import { AboutContent, RegulationContent, SafetyContent } from '../../../features/company';

// docs/product.md §1.3: without a licence in the content module, no page claims one.
const LICENCE_CLAIM =
  /regulated by|licen[cs]ed by|licence number|license number|authori[sz]ed and regulated|compensation scheme|20,000|90%|years? (of )?regulat/i;
// docs/product.md §1.2: no page promises a return.
const PROMISED_RETURN =
  /\bROI\b|\d+(\.\d+)?% (a |per )?(day|daily|week|weekly|month|monthly)|guaranteed (profit|income)|risk[- ]free/i;

const ROUTES: [string, ComponentType][] = [
  ['/about', About],
  ['/affiliate', Affiliate],
  ['/regulation', Regulation],
  ['/verification', Verification],
  ['/privacy', Privacy],
  ['/safety', Safety],
  ['/risk', Risk],
  ['/risks', Risk],
  ['/terms', Terms],
  ['/information', Information],
  ['/conflict', Conflict],
  ['/webinars', Webinars],
  ['/ebook', Ebook],
  ['/advices', Advices],
];

const LICENSED: SiteContent = {
  ...site,
  companyName: 'Acme Markets Ltd',
  demo: false,
  licence: {
    regulatorName: 'Example Securities Commission',
    licenceNumber: 'ESC-123/45',
    registerUrl: 'https://register.example.org/firms/123',
    yearsLicensed: 7,
    compensationText:
      'Eligible clients are covered by the Example Investor Compensation Fund for 90% of a covered claim.',
  },
};

/** The pages whose text depends on the licence, rendered with a given content module. */
const LICENCE_PAGES: [string, (content: SiteContent) => ReactNode][] = [
  ['/about', (content) => <AboutContent content={content} />],
  ['/regulation', (content) => <RegulationContent content={content} />],
  ['/safety', (content) => <SafetyContent content={content} />],
  ['/terms', (content) => <ClientAgreement content={content} />],
];

function renderWith(path: string, children: ReactNode) {
  return renderAt(<InfoPage path={path}>{children}</InfoPage>, path);
}

function pageText(): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

describe('company, legal and education pages with the default content (no licence)', () => {
  it('uses the demonstration configuration by default', () => {
    expect(site.licence).toBeNull();
    expect(site.demo).toBe(true);
  });

  it.each(ROUTES)('%s makes no licence claim and promises no return', (path, Page) => {
    renderAt(<Page />, path);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    const text = pageText();
    expect(text.length).toBeGreaterThan(500);
    expect(text).not.toMatch(LICENCE_CLAIM);
    expect(text).not.toMatch(PROMISED_RETURN);
  });

  it.each(['/about', '/regulation', '/safety', '/terms'])(
    '%s says plainly that this is a demonstration handling no real money',
    (path) => {
      const Page = ROUTES.find(([p]) => p === path)?.[1] as ComponentType;
      renderAt(<Page />, path);
      const text = pageText();
      expect(text).toContain('is a demonstration platform, not a regulated broker');
      expect(text).toContain('No real money is handled');
    },
  );

  it('claims nothing when a licence is only half configured', () => {
    const partial: SiteContent = {
      ...site,
      licence: { ...LICENSED.licence!, licenceNumber: ' ' },
    };
    renderWith('/regulation', <RegulationContent content={partial} />);
    expect(pageText()).not.toMatch(LICENCE_CLAIM);
    expect(pageText()).not.toContain('Example Securities Commission');
  });
});

describe('with a licence configured in the content module', () => {
  it.each(LICENCE_PAGES)('%s names the regulator and the licence number', (path, render) => {
    renderWith(path, render(LICENSED));
    const text = pageText();
    expect(text).toContain('authorised and regulated by Example Securities Commission');
    expect(text).toContain('licence number ESC-123/45');
    expect(text).not.toContain('demonstration platform');
  });

  it('/regulation links to the public register and states the years licensed', () => {
    renderWith('/regulation', <RegulationContent content={LICENSED} />);
    const link = screen.getByRole('link', { name: /register entry/i });
    expect(link.getAttribute('href')).toBe('https://register.example.org/firms/123');
    expect(pageText()).toContain('held this licence for 7 years');
  });

  it('/safety and the regulation clause show the operator’s compensation text', () => {
    renderWith('/safety', <SafetyContent content={LICENSED} />);
    expect(pageText()).toContain('Example Investor Compensation Fund');
  });

  it('the regulation clause of /terms carries the 20,000 euro fund cap only when licensed', () => {
    renderWith('/terms', <ClientAgreement content={LICENSED} />);
    expect(document.getElementById('clause-4')?.textContent).toContain('20,000 euro');
  });

  it('never renders a register link that is not http(s)', () => {
    const content: SiteContent = {
      ...LICENSED,
      licence: { ...LICENSED.licence!, registerUrl: 'javascript:alert(1)' },
    };
    renderWith('/regulation', <RegulationContent content={content} />);
    expect(screen.queryByRole('link', { name: /register entry/i })).toBeNull();
  });
});

describe('risk disclosure', () => {
  it('takes the risk percentage from the content module', () => {
    renderWith('/risk', <RiskDisclosure content={{ ...site, riskWarningPercent: 71.3 }} />);
    expect(pageText()).toContain(
      '71.3% of retail investor accounts lose money when trading CFDs with this provider',
    );
    expect(pageText()).not.toContain('54.6%');
    expect(pageText()).not.toContain('Example figure');
  });

  it('serves the same disclosure at /risks, its default figure marked as an example', () => {
    renderAt(<Risk />, '/risks');
    expect(screen.getByRole('heading', { level: 1, name: 'Risk disclosure' })).toBeTruthy();
    expect(pageText()).toContain(
      'Example figure: 54.6% of retail investor accounts lose money when trading CFDs.',
    );
    expect(pageText()).not.toContain('with this provider');
  });
});
