import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function AdvicesContent() {
  return (
    <>
      <p className="lead">
        The economic calendar lists the scheduled releases and events that can move currency,
        commodity and index prices.
      </p>

      <h2>What the calendar shows</h2>
      <p>
        For each event you see the time of release, the country and currency concerned, the expected
        impact, the previous figure and the market forecast. Typical entries include central bank
        interest-rate decisions, inflation and employment figures, gross domestic product and
        purchasing managers’ indexes.
      </p>

      <h2>How traders use it</h2>
      <p>
        Prices often move sharply when a figure differs from the forecast, and spreads may widen
        around the release. Checking the calendar before you open a position helps you avoid being
        surprised by a release and decide whether to trade the news or stay out of the market. It is
        a planning tool, not a signal to buy or sell, and it does not predict results.
      </p>

      <p className="info-cta">
        <Link to={paths.trade} className="button button--accent button--large">
          Start trading
        </Link>
      </p>
    </>
  );
}
