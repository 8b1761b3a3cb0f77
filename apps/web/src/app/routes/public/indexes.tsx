import { InfoPage, infoPageMeta, StartTradingLink } from '../../../components/info-page';
import { ContractTable, indexRows } from '../../../features/instruments';

const path = '/indexes';

export const meta = () =>
  infoPageMeta(
    path,
    'Trade eight major share indexes, including the DAX30, FTSE100, JPN225 and USA500, with spreads, ECN spreads and 1:20 leverage.',
  );

export default function IndexesPage() {
  return (
    <InfoPage path={path}>
      <p>
        A share index measures the combined value of a group of companies listed on one market, such
        as the largest companies in Germany, the United Kingdom, Japan or the United States. Trading
        an index lets you take a view on a whole market rather than a single company.
      </p>
      <p>
        Every index below is traded as a contract for difference with leverage of up to 1:20. One
        contract is the trading unit, and the smallest position you can open is 0.01 of a contract.
      </p>
      <p>
        Index prices react to company earnings, economic news and interest-rate expectations, and
        can gap when the underlying exchange opens. Keep the size of your positions in line with
        what you can afford to lose.
      </p>
      <ContractTable caption="Share indexes" rows={indexRows} withEcn />
      <StartTradingLink />
    </InfoPage>
  );
}
