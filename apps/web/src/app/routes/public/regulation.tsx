import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { RegulationContent } from '../../../features/company';

export const meta = () =>
  infoPageMeta(
    '/regulation',
    'The regulatory status of this platform, stated plainly, and how to check any broker on a regulator’s public register.',
  );

export default function Page() {
  return (
    <InfoPage path="/regulation">
      <RegulationContent />
    </InfoPage>
  );
}
