import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';

const path = '/execution';

export const meta = () =>
  infoPageMeta(
    path,
    'How orders are executed: market and pending orders, GTC, limit, OCO, stop loss and trailing stop orders, and when the spread is charged.',
  );

const ORDER_TYPES: readonly { name: string; text: string }[] = [
  {
    name: 'Market order',
    text: 'Buys or sells straight away at the best price available when the order reaches the market.',
  },
  {
    name: 'Limit order',
    text: 'Buys at or below, or sells at or above, a price you choose. It waits until the market reaches that price.',
  },
  {
    name: 'Stop loss',
    text: 'Closes a position when the price moves against you to a level you set, to cap the loss. In a fast market it can be filled at a worse price than the level set.',
  },
  {
    name: 'Trailing stop',
    text: 'A stop loss that follows the price at a fixed distance as the market moves in your favour, and stays put when it moves against you.',
  },
  {
    name: 'OCO (one cancels the other)',
    text: 'Two linked orders, often a profit target and a stop loss: when one is filled, the other is cancelled.',
  },
  {
    name: 'GTC (good till cancelled)',
    text: 'A pending order that stays active until it is filled or you cancel it, rather than expiring at the end of the day.',
  },
];

export default function ExecutionPage() {
  return (
    <InfoPage path={path}>
      <p>
        An order is your instruction to open or close a position. It is executed either immediately,
        at the current market price, or later, when a condition you set is met — most often when the
        price reaches a level you chose.
      </p>
      <p>
        Prices move all the time, so the price at which an order is filled can differ from the one
        on your screen when you sent it, especially around news or when the market opens. This
        difference, called slippage, can work for or against you.
      </p>
      <h2>Order types</h2>
      <dl>
        {ORDER_TYPES.map((order) => (
          <div key={order.name}>
            <dt>
              <strong>{order.name}</strong>
            </dt>
            <dd>{order.text}</dd>
          </div>
        ))}
      </dl>
      <h2>Costs when a position opens</h2>
      <p>
        The spread — the difference between the buy and the sell price — is charged when a position
        is opened. The spreads of each instrument are listed on the <Link to="/forex">forex</Link>,{' '}
        <Link to="/carriers">energy and metals</Link>, <Link to="/futures">futures</Link> and{' '}
        <Link to="/indexes">indexes</Link> pages; see <Link to="/spreads">spreads</Link> for how
        they work.
      </p>
    </InfoPage>
  );
}
