import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { site } from '../../../content/site';
import type { SiteContent } from '../../../content/site';
import { HeroCarousel } from './hero-carousel';
import { homeSlides } from './home-slides';
import { PlatformDownloads } from './platform-downloads';
import { WhyChooseUs } from './why-choose-us';

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

const LICENSED: SiteContent = {
  ...site,
  demo: false,
  licence: {
    regulatorName: 'Example Securities Commission',
    licenceNumber: '123/45',
    registerUrl: 'https://register.example.org/123',
    yearsLicensed: 7,
    compensationText: null,
  },
  testimonialsIllustrative: false,
  downloads: { desktop: 'https://example.org/desktop', android: null, ios: null },
};

describe('home sections with a configured licence', () => {
  it('names the regulator on the first slide', () => {
    renderInRouter(<HeroCarousel slides={homeSlides(LICENSED)} />);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'BrokerDesk, authorised by Example Securities Commission',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'public register' }).getAttribute('href')).toBe(
      'https://register.example.org/123',
    );
  });

  it('shows the regulated broker and secured funds cards, without the illustrative label', () => {
    render(<WhyChooseUs site={LICENSED} />);
    expect(screen.getByRole('heading', { name: 'Regulated broker' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Secured funds' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Transparent records' })).toBeNull();
    expect(screen.queryByText('Illustrative reviews')).toBeNull();
    expect(screen.getAllByRole('blockquote')).toHaveLength(4);
  });

  it('links only the configured downloads', () => {
    render(<PlatformDownloads downloads={LICENSED.downloads} />);
    expect(screen.getByRole('link', { name: 'Download for Desktop' }).getAttribute('href')).toBe(
      'https://example.org/desktop',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getAllByText('Not available in this demonstration')).toHaveLength(2);
  });
});
