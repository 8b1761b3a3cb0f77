import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { SiteFooter } from './site-footer';

describe('SiteFooter (default demo content)', () => {
  it('says plainly that this is a demonstration and claims no licence', async () => {
    renderAt(<SiteFooter />);
    expect(
      await screen.findByText(
        'Demonstration platform — not a regulated broker. No real money is handled.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/authorised|regulated by|licence number/i)).toBeNull();
  });

  it('carries the risk warning with the configured percentage and the legal links', async () => {
    renderAt(<SiteFooter />);
    const warning = (await screen.findByText(/Risk warning:/)).closest('p');
    expect(warning?.textContent).toContain('54.6% of retail investor accounts lose money');
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Risk disclosure' }).getAttribute('href')).toBe(
      '/risks',
    );
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} BrokerDesk`))).toBeTruthy();
  });
});
