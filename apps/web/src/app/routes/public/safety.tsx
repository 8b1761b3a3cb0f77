import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { SafetyContent } from '../../../features/company';

export const meta = () =>
  infoPageMeta(
    '/safety',
    'How client balances are recorded and withdrawals protected on this platform, and what protection does and does not apply.',
  );

export default function Page() {
  return (
    <InfoPage path="/safety">
      <SafetyContent />
    </InfoPage>
  );
}
