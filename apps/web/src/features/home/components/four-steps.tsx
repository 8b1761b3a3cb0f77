import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { site as defaultSite, type SiteContent } from '../../../content/site';

function steps(site: SiteContent) {
  const tools = site.claims.tradingToolsMoreThan;
  return [
    { title: 'Register', text: 'Create your account with your e-mail address in a few minutes.' },
    {
      title: 'Verify',
      text: 'Upload your proof of identity and proof of residence so we can confirm who you are.',
    },
    { title: 'Fund', text: 'Make a deposit with one of our payment methods.' },
    // A count of trading tools is the operator's claim (docs/decisions/105-claims-from-configuration.md).
    tools
      ? { title: 'Trade', text: `Start trading with more than ${tools} trading tools at hand.` }
      : {
          title: 'Trade',
          text: 'Start trading, with the spreads, leverage and hours of each instrument published on this site.',
        },
  ];
}

export function FourSteps({ site = defaultSite }: { site?: SiteContent }) {
  return (
    <section className="steps" aria-labelledby="steps-title">
      <div className="container">
        <h2 id="steps-title">Start trading in four steps</h2>
        <ol className="steps-list">
          {steps(site).map((step, index) => (
            <li key={step.title} className="info-card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="button-row">
          <Link to={paths.register} className="button button--primary button--large">
            OPEN LIVE ACCOUNT
          </Link>
          <Link to={paths.login} className="button button--secondary button--large">
            LOGIN ACCOUNT
          </Link>
        </div>
      </div>
    </section>
  );
}
