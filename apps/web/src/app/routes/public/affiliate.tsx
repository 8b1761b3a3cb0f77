import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { AffiliateContent } from '../../../features/company';

export const meta = () =>
  infoPageMeta(
    '/affiliate',
    'Become a partner: RevShare or CPA rewards, a personal partner account with visitor statistics, and ready-made marketing materials.',
  );

export default function Page() {
  return (
    <InfoPage path="/affiliate">
      <AffiliateContent />
    </InfoPage>
  );
}
