import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { ConflictPolicy } from '../../../features/legal';

export const meta = () =>
  infoPageMeta(
    '/conflict',
    'How we identify, manage and disclose conflicts between our interests, our staff and partners, and the interests of our clients.',
  );

export default function Page() {
  return (
    <InfoPage path="/conflict">
      <ConflictPolicy />
    </InfoPage>
  );
}
