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
      title: 'More than 100 assets at your fingertips',
      body: (
        <p>
          Currencies, metals, energy, indexes and crypto from one account, on your computer or your
          phone.
        </p>
      ),
    },
    {
      id: 'education',
      eyebrow: 'Learn as you trade',
      title: 'Education for every level',
      body: (
        <p>
          Live webinars, video tutorials, e-books and professional tools to help you understand the
          markets before you risk your money.
        </p>
      ),
    },
  ];
}
