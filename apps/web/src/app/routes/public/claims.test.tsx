import { COUNTRIES, LISTED_INSTRUMENT_COUNT, PLANS } from '@brokerdesk/shared';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import About from './about';
import Webinars from './webinars';
import { ORIGIN_EXAMPLE_CLAIMS, site, type SiteContent } from '../../../content/site';
import { renderAt } from '../../../testing/render';
import { AboutContent } from '../../../features/company';
import { WebinarsContent } from '../../../features/education';
import { FourSteps, HeroCarousel, homeSlides, WhyChooseUs } from '../../../features/home';
import { PlanCards } from '../../../features/plans';

// Issue 16, item 2: claims the default install cannot back appear only when the operator
// configures them (content/site.ts `claims`); the default says what is true of the install.
const ORIGIN_CLAIMS =
  /more than 100 assets|250 trading tools|more than 150 countries|Pure ECN|liquidity providers|market analysts|Daily signals/i;

const CONFIGURED: SiteContent = { ...site, claims: ORIGIN_EXAMPLE_CLAIMS };

function text(): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

function home(content: SiteContent): ReactNode {
  return (
    <>
      <HeroCarousel slides={homeSlides(content)} />
      <WhyChooseUs site={content} />
      <FourSteps site={content} />
    </>
  );
}

describe('claims with the default content', () => {
  it('the home page counts the instruments listed instead of claiming 100 assets', () => {
    renderAt(home(site));
    expect(text()).not.toMatch(ORIGIN_CLAIMS);
    // Hidden slides are aria-hidden: look at the slide's heading in the DOM.
    expect(text()).toContain(`${LISTED_INSTRUMENT_COUNT} instruments listed in one place`);
    expect(screen.getByRole('heading', { name: 'Published conditions' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pure ECN' })).toBeNull();
  });

  it('/about says which countries the registration form offers, not where clients are', () => {
    renderAt(<About />, '/about');
    expect(text()).not.toMatch(ORIGIN_CLAIMS);
    expect(text()).toContain(
      `Registration is open to clients from the ${COUNTRIES.length} countries listed on the registration form.`,
    );
  });

  it('/webinars names no market analysts', () => {
    renderAt(<Webinars />, '/webinars');
    expect(text()).not.toMatch(ORIGIN_CLAIMS);
    expect(text()).toContain('Learn how the currency market works in our webinars.');
  });

  it('the plan cards list no daily signals', () => {
    renderAt(<PlanCards plans={PLANS} />);
    expect(screen.getAllByText('Financial plan').length).toBeGreaterThan(0);
    expect(screen.queryByText('Daily signals')).toBeNull();
  });
});

describe('claims the operator configured (the origin example)', () => {
  it('the home page states them', () => {
    renderAt(home(CONFIGURED));
    expect(text()).toContain('More than 100 assets at your fingertips');
    expect(screen.getByRole('heading', { name: 'Pure ECN' })).toBeTruthy();
    expect(text()).toContain('Start trading with more than 250 trading tools at hand.');
  });

  it('the monthly plan cards list daily signals', () => {
    renderAt(<PlanCards plans={PLANS} planServices />);
    expect(screen.getAllByText('Daily signals')).toHaveLength(4);
  });

  it('/about and /webinars state them', () => {
    renderAt(
      <>
        <AboutContent content={CONFIGURED} />
        <WebinarsContent content={CONFIGURED} />
      </>,
    );
    expect(text()).toContain('We have clients from more than 150 countries.');
    expect(text()).toContain('live online sessions with our market analysts');
  });
});
