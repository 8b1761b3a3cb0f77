import { LISTED_INSTRUMENT_COUNT } from '@brokerdesk/shared';
import { configuredLicence } from '../../../content/licence';
import type { SiteContent } from '../../../content/site';
import type { CarouselSlide } from './hero-carousel';

/**
 * The banner's three slides in our own words. Slide 1 names a regulator only when the operator
 * configured a licence (docs/product.md §1.3); otherwise it says what the platform is.
 */
export function homeSlides(site: SiteContent): CarouselSlide[] {
  const licence = configuredLicence(site);
  const regulated = licence
    ? {
        id: 'broker',
        eyebrow: 'Licensed broker',
        title: `${site.companyName}, authorised by ${licence.regulatorName}`,
        body: (
          <p>
            {`Licence number ${licence.licenceNumber}. `}
            {licence.registerUrl ? (
              <>
                Check our entry on the <a href={licence.registerUrl}>public register</a>.
              </>
            ) : null}
          </p>
        ),
      }
    : {
        id: 'broker',
        eyebrow: 'Forex, CFD and crypto trading accounts',
        title: `${site.companyName}: your trading account and client portal in one place`,
        body: (
          <p>
            Open an account, fund it and follow every deposit, bonus and balance in your own portal,
            with records you can check line by line.
          </p>
        ),
      };
  return [
    regulated,
    {
      id: 'anywhere',
      eyebrow: 'Trade anytime, anywhere',
      // The origin's "more than 100 assets" only when the operator claims it; otherwise the
      // number of instruments this site lists (docs/decisions/105-claims-from-configuration.md).
      title: site.claims.assetsMoreThan
        ? `More than ${site.claims.assetsMoreThan} assets at your fingertips`
        : `${LISTED_INSTRUMENT_COUNT} instruments listed in one place`,
      body: (
        <p>
          Currencies, metals, energy, indexes and crypto, each with its spread, leverage and trading
          hours published on this site.
        </p>
      ),
    },
    {
      id: 'education',
      eyebrow: 'Learn as you trade',
      title: 'Education for every level',
      body: (
        <p>
          Webinars, a forex e-book and guides to the economic calendar, to help you understand the
          markets before you risk your money.
        </p>
      ),
    },
  ];
}
