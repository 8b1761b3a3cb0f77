import { site, type SiteContent } from '../../content/site';
import { configuredLicence } from '../../content/licence';
import './company.css';

export interface LicenceStatementProps {
  content?: SiteContent;
  /** Also show the operator's compensation-scheme text (safety of funds, the agreement). */
  withCompensation?: boolean;
}

/**
 * The one place the public site states the operator's regulatory status (docs/product.md §1.3).
 * With a licence in the content module it names the regulator, the licence number, the public
 * register and the operator's own compensation text; without one it says plainly that this is
 * not a regulated broker. Used by /about, /regulation, /safety and clause 4 of /terms.
 */
export function LicenceStatement({
  content = site,
  withCompensation = false,
}: LicenceStatementProps) {
  const licence = configuredLicence(content);
  if (!licence) {
    return (
      <div className="licence-statement" data-licence="none">
        {content.demo ? (
          <p>
            <strong>
              {content.companyName} is a demonstration platform, not a regulated broker. No real
              money is handled.
            </strong>{' '}
            Balances, deposits and withdrawals shown on this site are records in a demonstration
            database; no payment sent to it is received, held or paid out.
          </p>
        ) : (
          <p>
            <strong>
              {content.companyName} does not state a financial licence on this site and is not
              presented as a regulated broker.
            </strong>{' '}
            Before sending money to any provider, check the public register of the financial
            regulator in your country.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="licence-statement" data-licence="configured">
      <p>
        {content.companyName} is authorised and regulated by{' '}
        <strong>{licence.regulatorName}</strong> under licence number{' '}
        <strong>{licence.licenceNumber}</strong>.
        {licence.yearsLicensed !== null && (
          <>
            {' '}
            It has held this licence for {licence.yearsLicensed}{' '}
            {licence.yearsLicensed === 1 ? 'year' : 'years'}.
          </>
        )}
      </p>
      {licence.registerUrl && (
        <p>
          You can check this licence yourself on the regulator’s public register:{' '}
          <a href={licence.registerUrl} rel="noopener noreferrer">
            {licence.regulatorName} register entry
          </a>
          .
        </p>
      )}
      {withCompensation && licence.compensationText && (
        <p className="licence-compensation">{licence.compensationText}</p>
      )}
    </div>
  );
}
