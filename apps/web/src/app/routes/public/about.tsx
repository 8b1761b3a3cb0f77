import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { AboutContent } from '../../../features/company';

export const meta = () =>
  infoPageMeta(
    '/about',
    'Who runs this trading platform, where it operates and what it stands for: clear costs, no promised returns and a plain statement of its status.',
  );

export default function Page() {
  return (
    <InfoPage path="/about">
      <AboutContent />
    </InfoPage>
  );
}
