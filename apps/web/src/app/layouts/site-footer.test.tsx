import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site, type SiteContent } from '../../content/site';
import { renderAt } from '../../testing/render';
import { SiteFooter } from './site-footer';

const licensed: SiteContent = {
  ...site,
  companyName: 'Example Markets Ltd',
  demo: false,
  riskWarningPercent: 71.2,
  licence: {
    regulatorName: 'Example Financial Authority',
    licenceNumber: 'EFA-123/45',
    registerUrl: 'https://register.example.org/firms/123',
    yearsLicensed: 5,
    compensationText: null,
  },
};

const DEMO_NOTICE = 'Demonstration platform — not a regulated broker. No real money is handled.';

describe('SiteFooter (default demo content)', () => {
  it('says plainly that this is a demonstration and claims no licence', async () => {
    renderAt(<SiteFooter />);
    expect(await screen.findByText(DEMO_NOTICE)).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).not.toMatch(/authorised|regulated by|licence number|register/i);
    expect(footer.querySelector('a[href^="http"]')).toBeNull();
  });

  it('marks the 54.6% risk figure as an example, not a statistic about this install', async () => {
    renderAt(<SiteFooter />);
    const warning = (await screen.findByText(/Risk warning:/)).closest('p');
    // Issue 16: "… lose money with this provider" was a statistic about accounts it does not have.
    expect(warning?.textContent).toContain(
      'Example figure: 54.6% of retail investor accounts lose money when trading CFDs; this demonstration has no real client accounts to measure.',
    );
    expect(warning?.textContent).not.toContain('with this provider');
  });

  it('carries the legal links', async () => {
    renderAt(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Risk disclosure' }).getAttribute('href')).toBe(
      '/risks',
    );
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} BrokerDesk`))).toBeTruthy();
  });
});

describe('SiteFooter (licence configured by the operator)', () => {
  it('states the regulator and licence number and links to the public register', async () => {
    renderAt(<SiteFooter content={licensed} />);
    const claim = (await screen.findByText(/is authorised and regulated by/)).closest('p');
    expect(claim?.textContent).toContain(
      'Example Markets Ltd is authorised and regulated by Example Financial Authority under licence number EFA-123/45.',
    );
    const register = screen.getByRole('link', { name: /public register/i });
    expect(register.getAttribute('href')).toBe('https://register.example.org/firms/123');
    expect(screen.queryByText(DEMO_NOTICE)).toBeNull();
    const warning = screen.getByText(/Risk warning:/).closest('p')?.textContent;
    expect(warning).toContain(
      '71.2% of retail investor accounts lose money when trading CFDs with this provider.',
    );
    expect(warning).not.toContain('Example figure');
    expect(screen.getByText(/© \d{4} Example Markets Ltd/)).toBeTruthy();
  });

  it('claims nothing from a half-filled licence (no licence number)', async () => {
    const licence = licensed.licence ? { ...licensed.licence, licenceNumber: null } : null;
    renderAt(<SiteFooter content={{ ...licensed, licence }} />);
    expect(await screen.findByText(DEMO_NOTICE)).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).not.toMatch(/regulated by|register/i);
  });

  it('makes no licence claim when the install is marked as a demonstration', async () => {
    renderAt(<SiteFooter content={{ ...licensed, demo: true }} />);
    expect(await screen.findByText(DEMO_NOTICE)).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).not.toMatch(/regulated by|EFA-123/);
  });
});
