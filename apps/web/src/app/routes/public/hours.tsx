import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { TradingSessionsTable } from '../../../features/instruments';

const path = '/hours';

export const meta = () =>
  infoPageMeta(
    path,
    'When the forex market is open: the Asian, European, US and Pacific sessions in UTC, the Monday-to-Friday week and the weekend closure.',
  );

export default function HoursPage() {
  return (
    <InfoPage path={path}>
      <p>
        The forex market has no single exchange. It follows the business day around the world, from
        one financial centre to the next, so currencies can be traded around the clock from Monday
        to Friday.
      </p>
      <p>
        The trading day is usually divided into four sessions. Where two sessions overlap, more
        buyers and sellers are active, and spreads tend to be tighter and prices to move more.
      </p>
      <TradingSessionsTable />
      <h2>The trading week</h2>
      <ul>
        <li>The market trades Monday to Friday.</li>
        <li>It closes for the weekend from Friday 22:00 to Sunday 23:30 CET.</li>
        <li>
          Our electronic trading services run from 21:00 GMT on Sunday to 21:00 GMT on Friday.
        </li>
      </ul>
      <p>
        Some currency pairs can only be traded during the hours of their local market, for example
        21:15 - 20:57 or 07:05 - 16:00 GMT. The hours of every pair are listed on the{' '}
        <Link to="/forex">forex</Link> page.
      </p>
    </InfoPage>
  );
}
