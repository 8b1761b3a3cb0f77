import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { ClientAgreement } from '../../../features/legal';

export const meta = () =>
  infoPageMeta(
    '/terms',
    'The client agreement in 23 clauses: accounts and deposits, trading, margin, client money, default, termination and governing law.',
  );

export default function Page() {
  return (
    <InfoPage path="/terms">
      <ClientAgreement />
    </InfoPage>
  );
}
