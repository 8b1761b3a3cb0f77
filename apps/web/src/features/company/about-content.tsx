import { COUNTRIES } from '@brokerdesk/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site, type SiteContent } from '../../content/site';
import { LicenceStatement } from './licence-statement';

export function AboutContent({ content = site }: { content?: SiteContent }) {
  return (
    <>
      <p className="lead">
        {content.companyName} is an online trading platform: a public website, a client portal for
        deposits, withdrawals and plans, and a back office where staff review every request.
      </p>

      <h2>Who we are</h2>
      <p>
        We built {content.companyName} for people who want to follow the currency, commodity and
        index markets from one account, with the figures that matter written down before they act:
        spreads, leverage, trading hours, processing times and fees are published on this site for
        every instrument and payment method. Your balance is calculated from a record of every
        movement on your account, so the number you see can always be traced back to the deposits,
        bonuses and withdrawals behind it.
      </p>
      <LicenceStatement content={content} />

      <h2>Global operations</h2>
      <p>
        {/* A count of clients' countries is the operator's claim; the default states what the
            registration form offers (docs/decisions/105-claims-from-configuration.md). */}
        {content.claims.clientCountriesMoreThan
          ? `We have clients from more than ${content.claims.clientCountriesMoreThan} countries.`
          : `Registration is open to clients from the ${COUNTRIES.length} countries listed on the registration form.`}{' '}
        Once registered, a client can browse forex pairs, energy carriers and metals, commodity
        futures and share indexes, read our education material and follow our webinars. Questions go
        to our support desk, either through the contact form or from the client portal, where every
        reply is kept with the original message. Staff work from one back office in which every
        action on a client account is recorded in an audit log.
      </p>

      <h2>Our vision</h2>
      <p>
        Trading carries real risk, and we would rather say so than hide it. Our aim is a platform
        that is clear about what it is: no promised returns, no invented success stories, and every
        cost shown before it is charged. We want clients to understand the products they use, which
        is why the <Link to="/risk">risk disclosure</Link> and the{' '}
        <Link to={paths.terms}>client agreement</Link> are written in plain language and are one
        click away from every page.
      </p>
    </>
  );
}
