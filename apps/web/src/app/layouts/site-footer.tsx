import { MESSAGES } from '@brokerdesk/shared';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site } from '../../content/site';

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

/** Licence and risk footer (PRODUCT.md §1.3 and §1.5): claims only what the operator configured. */
export function SiteFooter() {
  const year = useCurrentYear();
  const { licence } = site;
  const showDemoNotice = site.demo || licence === null;
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        {showDemoNotice ? <p className="demo-notice">{MESSAGES.demoNotice}</p> : null}
        {licence?.regulatorName ? (
          <p className="licence">
            {site.companyName} is authorised and regulated by {licence.regulatorName}
            {licence.licenceNumber ? ` under licence number ${licence.licenceNumber}` : ''}.
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
          build up quickly. {site.riskWarningPercent}% of retail investor accounts lose money when
          trading CFDs with this provider. Only trade if you understand how CFDs work and can afford
          to lose the money you put in.
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
          © {year} {site.companyName}
        </p>
      </div>
    </footer>
  );
}
