import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { PrivacyNotice } from '../../../features/legal';

export const meta = () =>
  infoPageMeta(
    '/privacy',
    'What personal data we store when you register and trade, why we keep it, for how long, and the rights you have over it.',
  );

export default function Page() {
  return (
    <InfoPage path="/privacy">
      <PrivacyNotice />
    </InfoPage>
  );
}
