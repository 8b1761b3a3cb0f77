import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function EbookContent() {
  return (
    <>
      <p className="lead">
        Our forex e-book is a free, step-by-step introduction to currency trading, written for
        people who are new to the markets.
      </p>

      <h2>What you will learn</h2>
      <ul>
        <li>How the forex market is organised and when each trading session is open.</li>
        <li>What moves exchange rates, from interest rates to economic releases.</li>
        <li>How to read a quote, work out a pip value and size a position.</li>
        <li>How leverage and margin work, and why they magnify losses as well as gains.</li>
        <li>How to build a simple trading plan and keep a trading journal.</li>
      </ul>

      <h2>Put it into practice</h2>
      <p>
        Registered clients can ask for the e-book from the support page of the client portal and
        follow it up in our free webinars. The e-book is general education, not investment advice.
      </p>
      <p className="info-cta">
        <Link to={paths.trade} className="button button--accent button--large">
          Start trading now
        </Link>
      </p>
    </>
  );
}
