import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site, type SiteContent } from '../../content/site';
import { configuredLicence } from '../../content/licence';
import { LicenceStatement } from './licence-statement';

export function SafetyContent({ content = site }: { content?: SiteContent }) {
  const licence = configuredLicence(content);
  return (
    <>
      <h2>Status of this platform</h2>
      <LicenceStatement content={content} withCompensation />
      {!licence && (
        <p>
          How client money would be held in a real deployment (for example in which accounts, with
          which banks, and under which protection arrangements) is for the operator of that
          deployment to state here. This demonstration makes no such promise.
        </p>
      )}

      <h2>How your balance is recorded</h2>
      <p>
        Every movement on an account (a confirmed deposit, a bonus, a plan subscription, a
        withdrawal) is written to an append-only ledger in which each transfer balances to zero.
        Your balance is calculated from those entries, never typed in by hand, and corrections are
        made with a visible reversing entry rather than by editing history.
      </p>

      <h2>How withdrawals are protected</h2>
      <p>
        When you request a withdrawal, the amount is reserved at once, so your available balance can
        never fall below zero. A member of staff then approves the request, and the funds leave your
        account, or rejects it with a reason you can read in the portal, and the reservation is
        released. Every staff action on client accounts is kept in an audit log.
      </p>

      <h2>Negative balance protection</h2>
      <p>
        Under clause 12 of the <Link to={`${paths.terms}#clause-12`}>client agreement</Link>, if
        market movements take your trading account below zero, the balance is reset to zero or a
        fresh account with a zero balance is opened for you. This is a term of our contract with you
        {licence ? '' : ', not a guarantee given by any regulator'}.
      </p>

      <h2>Protecting your account</h2>
      <p>
        Use a password you do not use elsewhere, never share it, and log out on shared devices. Our
        staff will never ask you for your password.
      </p>
    </>
  );
}
