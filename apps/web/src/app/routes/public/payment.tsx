import { Link } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { paths } from '../../../config/paths';
import { site } from '../../../content/site';
import { PaymentMethodsAccordion, DEPOSIT_METHODS } from '../../../features/instruments';

const path = '/payment';

export const meta = () =>
  infoPageMeta(
    path,
    'The eight ways to fund a trading account — bank transfer, cards, Neteller, QiWi, Bitcoin, Yandex Money, Webmoney and Skrill — with times and fees.',
  );

export default function PaymentPage() {
  return (
    <InfoPage path={path}>
      {site.demo ? (
        <p className="trade-note trade-note--demo">
          This is a demonstration platform: no real payments are processed, and no money should be
          sent to it.
        </p>
      ) : null}
      <p>
        You can fund your trading account with any of the methods below. We charge no fee on
        deposits; your bank or payment provider may charge its own. Deposits are requested from your
        dashboard, where you will find the payment details for the method you choose.
      </p>
      <p>
        Please pay from a bank account, card or wallet held in your own name, so that the payment
        can be matched to your trading account.
      </p>
      <h2>Choose a deposit method</h2>
      <PaymentMethodsAccordion methods={DEPOSIT_METHODS} />
      <p>
        Withdrawal times and fees for each method are listed on the{' '}
        <Link to="/withdrawal">withdrawal information</Link> page. Questions about a payment? Our
        support team answers from the <Link to="/contact">contact page</Link>, or sign in to your{' '}
        <Link to={paths.userDashboard}>dashboard</Link>.
      </p>
    </InfoPage>
  );
}
