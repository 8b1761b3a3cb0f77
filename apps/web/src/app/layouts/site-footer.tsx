import { DEMO_NOTICE } from '@brokerdesk/shared';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site, type SiteContent } from '../../content/site';
import { configuredLicence, riskWarningFigure } from '../../content/licence';

const noSubscription = () => () => {};

/**
 * The year shown in the copyright line: the build year while pre-rendering and hydrating
 * (so the HTML is reproducible and hydration matches), then the visitor's current year.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/**
 * Licence and risk footer (docs/product.md §1.3 and §1.5): claims only what the operator configured.
 * `content` defaults to the operator content module; tests pass a modified copy.
 */
export function SiteFooter({ content = site }: { content?: SiteContent }) {
  const year = useCurrentYear();
  // A licence is claimed only when regulator and licence number are both configured (the rule
  // every page shares, features/company), and never in a demonstration install: the demo notice
  // says "not a regulated broker", and the footer must not contradict itself.
  const licence = configuredLicence(content);
  const showDemoNotice = content.demo || licence === null;
  const risk = riskWarningFigure(content);
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        {showDemoNotice ? <p className="demo-notice">{DEMO_NOTICE}</p> : null}
        {licence ? (
          <p className="licence">
            {content.companyName} is authorised and regulated by {licence.regulatorName} under
            licence number {licence.licenceNumber}.
            {licence.registerUrl ? (
              <>
                {' '}
                <a href={licence.registerUrl} rel="noopener noreferrer">
                  Check this licence on the regulator’s public register
                </a>
                .
              </>
            ) : null}
          </p>
        ) : null}
        {licence?.compensationText ? <p className="licence">{licence.compensationText}</p> : null}
        <p className="risk-warning">
          <strong>Risk warning:</strong> CFDs are complex products, and leverage means losses can
          build up quickly.{' '}
          {risk.example ? (
            // A figure about "this provider's" accounts is the operator's to state; the default
            // install has none of its own (docs/decisions/105-claims-from-configuration.md).
            <>
              <strong>Example figure:</strong> {risk.percent}% of retail investor accounts lose
              money when trading CFDs; this demonstration has no real client accounts to measure.
            </>
          ) : (
            <>
              {risk.percent}% of retail investor accounts lose money when trading CFDs with this
              provider.
            </>
          )}{' '}
          Only trade if you understand how CFDs work and can afford to lose the money you put in.
        </p>
        <nav aria-label="Legal" className="footer-links">
          <ul>
            <li>
              <Link to={paths.terms}>Terms and conditions</Link>
            </li>
            <li>
              <Link to={paths.risks}>Risk disclosure</Link>
            </li>
          </ul>
        </nav>
        <p className="copyright">
          © {year} {content.companyName}
        </p>
      </div>
    </footer>
  );
}
