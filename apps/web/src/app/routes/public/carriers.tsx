import { InfoPage, infoPageMeta, StartTradingLink } from '../../../components/info-page';
import { ContractTable, carrierRows } from '../../../features/instruments';

const path = '/carriers';

export const meta = () =>
  infoPageMeta(
    path,
    'Trade Brent and WTI crude oil, gold and silver as CFDs: spreads, ECN spreads, leverage, contract sizes and minimum trade sizes.',
  );

export default function CarriersPage() {
  return (
    <InfoPage path={path}>
      <p>
        Energy carriers and precious metals are among the most widely followed markets in the world.
        Oil prices react to supply decisions, inventories and the pace of the global economy; gold
        and silver are often bought when investors look for a store of value.
      </p>
      <p>
        You can trade Brent (UKOIL) and West Texas Intermediate (USOIL) crude oil, and gold and
        silver against the euro and the US dollar, without taking delivery of the commodity: a
        contract for difference follows the price and settles the difference in cash.
      </p>
      <p>
        The ECN spread is the spread quoted for ECN pricing; a dash means no ECN spread is quoted
        for that instrument. Contract size is the quantity of one lot, and the minimum trade is the
        smallest fraction of a lot you can open.
      </p>
      <ContractTable caption="Energy carriers and metals" rows={carrierRows} withEcn />
      <StartTradingLink />
    </InfoPage>
  );
}
