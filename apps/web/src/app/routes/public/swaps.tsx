import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { SwapRates } from '../../../features/instruments';

const path = '/swaps';

export const meta = () =>
  infoPageMeta(
    path,
    'What a swap (overnight financing) is, why it can be a charge or a credit, when it is applied, and how to keep it in mind when you trade.',
  );

export default function SwapsPage() {
  return (
    <InfoPage path={path}>
      <p>
        A swap, also called rollover or overnight financing, is an adjustment made to a position
        that is kept open past the end of the trading day. It is not charged on positions opened and
        closed within the same day.
      </p>
      <h2>Why swaps exist</h2>
      <p>
        When you trade a currency pair you are, in effect, borrowing one currency to hold the other.
        Each currency carries its own interest rate, so holding the position overnight earns the
        interest of one and pays the interest of the other. The swap settles that difference,
        together with a financing charge. For energy, metals and indexes the swap reflects the cost
        of financing the leveraged position.
      </p>
      <h2>Charge or credit</h2>
      <p>
        Depending on the instrument, the direction of your position (buy or sell) and current
        interest rates, the swap can be taken from your account or, less often, added to it. Swap
        rates change as interest rates move, so the same position can cost a different amount on
        different days.
      </p>
      <h2>When and how much</h2>
      <ul>
        <li>
          Swaps are applied at the daily rollover, 21:00 UTC, Monday to Friday, to every position
          open at that moment. Positions opened and closed between two rollovers pay none.
        </li>
        <li>
          Wednesday&apos;s swap counts three nights: the market is closed at the weekend (see{' '}
          <Link to="/hours">trading hours</Link>), so its financing is applied in one go mid-week.
        </li>
        <li>
          A rate is in points per lot per night, for buy (long) and sell (short) positions. For
          example, at −5.00 points, 1.00 lot of EUR/USD held overnight costs $5.00, and $15.00 on a
          Wednesday. On an instrument quoted in another currency the amount is converted to US
          dollars at the rollover&apos;s prices.
        </li>
        <li>
          The swap is added to or taken from your trading account&apos;s balance at once, and the
          position shows the total it has been charged.
        </li>
      </ul>
      <h2>Our swap rates</h2>
      <p>
        These are the rates the trading terminal applies. They are illustrative figures for this
        demonstration, not market rates.
      </p>
      <SwapRates />
    </InfoPage>
  );
}
