import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';

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
      <h2>Good to know</h2>
      <ul>
        <li>Swaps are applied once per day for each position held overnight.</li>
        <li>
          Over the weekend the market is closed (see <Link to="/hours">trading hours</Link>), and
          the financing for those days is usually applied in one go during the week.
        </li>
        <li>
          If you plan to hold positions for a long time, ask our support team for the current swap
          rate of the instrument before you open them.
        </li>
      </ul>
    </InfoPage>
  );
}
