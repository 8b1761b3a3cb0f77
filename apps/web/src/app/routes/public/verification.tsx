import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { VerificationDocuments } from '../../../features/legal';

export const meta = () =>
  infoPageMeta(
    '/verification',
    'Documents needed to verify your account: proof of identity, proof of residence from the last 3 months and card photos for card deposits.',
  );

export default function Page() {
  return (
    <InfoPage path="/verification">
      <VerificationDocuments />
    </InfoPage>
  );
}
