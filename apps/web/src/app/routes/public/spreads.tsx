import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';

const path = '/spreads';

export const meta = () =>
  infoPageMeta(
    path,
    'What a spread is, how it is measured in pips, when it is charged, and why it can widen, with links to the spread of every instrument.',
  );

export default function SpreadsPage() {
  return (
    <InfoPage path={path}>
      <p>
        Every instrument has two prices: the bid, at which you can sell, and the ask, at which you
        can buy. The spread is the difference between them. It is the main cost of a trade, and it
        is charged when the position is opened: a new position starts with a small loss equal to the
        spread.
      </p>
      <h2>How spreads are measured</h2>
      <p>
        For currency pairs the spread is given in pips, the smallest standard price step of a pair
        (0.0001 for most pairs, 0.01 for pairs quoted in Japanese yen). For energy, metals and
        indexes it is given in the instrument&rsquo;s own price units.
      </p>
      <p>
        For example, if EUR/USD is quoted at 1.1000 to sell and 1.1003 to buy, the spread is 3 pips.
        The lower the spread, the less the price has to move in your favour before the position
        breaks even.
      </p>
      <h2>Why spreads change</h2>
      <p>
        The figures in our tables are the lowest spreads we quote (&lsquo;as low as&rsquo;). Spreads
        can widen when fewer buyers and sellers are active — outside an instrument&rsquo;s main
        trading session, over the weekend opening, or around important economic news.
      </p>
      <h2>Spreads by instrument</h2>
      <ul>
        <li>
          <Link to="/forex">Forex</Link>: from 3 pips on the major pairs.
        </li>
        <li>
          <Link to="/carriers">Energy carriers and metals</Link>: oil, gold and silver.
        </li>
        <li>
          <Link to="/futures">Commodity futures</Link>: gold and silver contracts.
        </li>
        <li>
          <Link to="/indexes">Share indexes</Link>: spread and ECN spread of each index.
        </li>
      </ul>
    </InfoPage>
  );
}
