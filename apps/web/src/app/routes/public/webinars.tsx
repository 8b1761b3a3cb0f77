import { InfoPage, infoPageMeta, StartTradingLink } from '../../../components/info-page';
import { WebinarsContent } from '../../../features/education';

export const meta = () =>
  infoPageMeta(
    '/webinars',
    'Free live forex webinars for registered clients: market basics, order types, news trading and risk management, with questions answered.',
  );

export default function Page() {
  return (
    <InfoPage path="/webinars">
      <WebinarsContent />
      <StartTradingLink />
    </InfoPage>
  );
}
