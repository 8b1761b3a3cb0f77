import { InfoPage, infoPageMeta, StartTradingLink } from '../../../components/info-page';
import { ForexTable, forexRows } from '../../../features/instruments';

const path = '/forex';

export const meta = () =>
  infoPageMeta(
    path,
    'Spreads, maximum leverage and GMT trading hours for the 59 forex instruments we list, from major currency pairs to exotics and BTC/USD.',
  );

export default function ForexPage() {
  return (
    <InfoPage path={path}>
      <p>
        The foreign exchange market is where currencies are bought and sold against each other. A
        forex position is always a pair: you buy one currency and sell the other at the same time,
        so the price tells you how much of the second currency one unit of the first costs.
      </p>
      <p>
        The table lists every pair you can trade with us, the lowest spread we quote for it (in
        pips), the highest leverage available, and the hours it can be traded. Most pairs trade
        around the clock from Monday to Friday; some follow the hours of their local market.
      </p>
      <p>
        Leverage multiplies losses as well as gains. A small price move against a leveraged position
        can cost more than the margin you set aside for it, so choose a leverage you are comfortable
        with rather than the maximum.
      </p>
      <ForexTable rows={forexRows} />
      <StartTradingLink />
    </InfoPage>
  );
}
