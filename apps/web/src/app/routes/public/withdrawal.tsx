import { WITHDRAWAL_PROCESSING } from '@brokerdesk/shared';
import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { paths } from '../../../config/paths';
import { FeeTable, depositFeeRows, withdrawalFeeRows } from '../../../features/instruments';

const path = '/withdrawal';

export const meta = () =>
  infoPageMeta(
    path,
    'Processing times and fees for deposits and withdrawals by method, and how withdrawal requests are handled and paid out.',
  );

export default function WithdrawalPage() {
  return (
    <InfoPage path={path}>
      <p>
        The tables below show how long each payment method takes and what it costs, first for
        deposits and then for withdrawals. Your bank or payment provider may need extra time of its
        own before the money arrives.
      </p>
      <h2>Deposits</h2>
      <FeeTable caption="Deposit processing times and fees" rows={depositFeeRows} />
      <h2>Withdrawals</h2>
      {/* Stated once, from the shared catalogue; the table's times count from the request. */}
      <p>
        {WITHDRAWAL_PROCESSING} The times below run from your request to the money being sent. Your
        request from the dashboard is also the written notice the{' '}
        <Link to={paths.terms}>client agreement</Link> asks for.
      </p>
      <FeeTable caption="Withdrawal processing times and fees" rows={withdrawalFeeRows} />
      <h2>Notes</h2>
      <ul>
        <li>
          Where the fee reads &lsquo;Account manager inquiry&rsquo;, ask your account manager or our
          support team for the current fee before you request the withdrawal.
        </li>
      </ul>
    </InfoPage>
  );
}
