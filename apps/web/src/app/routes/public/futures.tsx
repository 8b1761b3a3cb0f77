import { InfoPage, infoPageMeta, StartTradingLink } from '../../../components/info-page';
import { ContractTable, futuresRows } from '../../../features/instruments';

const path = '/futures';

export const meta = () =>
  infoPageMeta(
    path,
    'Commodity futures on gold and silver against the euro and the US dollar: spreads, leverage, contract sizes and minimum trade sizes.',
  );

export default function FuturesPage() {
  return (
    <InfoPage path={path}>
      <p>
        A commodity future is an agreement to buy or sell a fixed quantity of a commodity at a price
        agreed today for a later date. Traders use futures prices to take a view on where a
        commodity is heading, or to offset the price risk of something they already hold.
      </p>
      <p>
        We offer contracts that follow the price of gold and silver, quoted against the euro and the
        US dollar. The table shows the spread, the highest leverage available, the size of one
        contract and the smallest trade you can place.
      </p>
      <p>
        Metal prices can move sharply around economic data and central bank decisions. With
        leverage, those moves affect your account many times over, in both directions.
      </p>
      <ContractTable caption="Commodity futures" rows={futuresRows} withEcn={false} />
      <StartTradingLink />
    </InfoPage>
  );
}
