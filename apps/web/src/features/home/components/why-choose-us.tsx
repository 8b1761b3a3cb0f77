import { configuredLicence } from '../../../content/licence';
import type { SiteContent } from '../../../content/site';
import '../home.css';

interface Reason {
  title: string;
  text: string;
}

/** Four reasons; the regulatory ones appear only with a configured licence (docs/product.md §1.3). */
export function whyChooseUsReasons(site: SiteContent): Reason[] {
  const licence = configuredLicence(site);
  return [
    licence
      ? {
          title: 'Regulated broker',
          text: `${site.companyName} is authorised by ${licence.regulatorName}${` (licence ${licence.licenceNumber})`}.`,
        }
      : {
          title: 'Transparent records',
          text: 'Every deposit, bonus and withdrawal is recorded, and your balance is calculated from those records.',
        },
    {
      title: 'Perpetual innovation',
      text: 'We keep improving the platform and its tools, and we publish what changes.',
    },
    licence
      ? {
          title: 'Secured funds',
          text:
            licence.compensationText ??
            'Client money is kept apart from the company’s own funds, as our licence requires.',
        }
      : {
          title: 'Clear fees',
          text: 'Deposit and withdrawal fees and processing times are listed for every payment method before you choose it.',
        },
    // How orders are executed is the operator's claim to make (docs/decisions/105-claims-from-configuration.md).
    site.claims.execution ?? {
      title: 'Published conditions',
      text: 'Spreads, leverage, contract sizes and trading hours are listed for every instrument before you trade.',
    },
  ];
}

export function WhyChooseUs({ site }: { site: SiteContent }) {
  return (
    <section className="why" aria-labelledby="why-title">
      <div className="container">
        <h2 id="why-title">Why choose us</h2>
        <ul className="card-grid">
          {whyChooseUsReasons(site).map((reason) => (
            <li key={reason.title} className="info-card">
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
        <div className="section-head">
          <h3 id="reviews-title">What clients say</h3>
          {site.testimonialsIllustrative ? (
            <span className="badge">Illustrative reviews</span>
          ) : null}
        </div>
        <ul className="card-grid" aria-labelledby="reviews-title">
          {site.testimonials.slice(0, 4).map((review) => (
            <li key={review.name} className="info-card review">
              <blockquote>
                <p>{review.text}</p>
              </blockquote>
              <p className="review-by">
                {review.name}, {review.country}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
