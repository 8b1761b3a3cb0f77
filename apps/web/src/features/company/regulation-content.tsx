import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site, type SiteContent } from '../../content/site';
import { configuredLicence } from '../../content/licence';
import { LicenceStatement } from './licence-statement';

export function RegulationContent({ content = site }: { content?: SiteContent }) {
  const licence = configuredLicence(content);
  return (
    <>
      <h2>Regulatory status</h2>
      <LicenceStatement content={content} />

      <h2>What this means for you</h2>
      {licence ? (
        <p>
          As a licensed firm, {content.companyName} must follow the conduct rules set by{' '}
          {licence.regulatorName}, including the way client orders are executed, the way client
          money is held and the way complaints are handled. The terms that apply to your account are
          set out in the <Link to={paths.terms}>client agreement</Link>.
        </p>
      ) : (
        <p>
          This installation runs the BrokerDesk software for demonstration. An operator who deploys
          it as a real broker states its own licence, regulator and public register entry on this
          page, and sets out how client money is handled in a real deployment; until then, nothing
          here should be read as a regulatory guarantee.
        </p>
      )}

      <h2>Checking any broker</h2>
      <p>Before you open an account with any trading provider, we recommend that you:</p>
      <ul>
        <li>look the firm up on the public register of the financial regulator in your country;</li>
        <li>
          compare the firm’s name, address and website on the register with the ones you were given;
        </li>
        <li>
          treat any promise of a guaranteed or fixed return as a warning sign, whoever makes it;
        </li>
        <li>
          read the <Link to="/risk">risk disclosure</Link> and make sure you understand how leverage
          works.
        </li>
      </ul>
    </>
  );
}
