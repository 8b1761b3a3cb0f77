import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { InformationSecurity } from '../../../features/legal';

export const meta = () =>
  infoPageMeta(
    '/information',
    'How we protect your login, your documents and your account records, and the simple steps you can take to keep your account safe.',
  );

export default function Page() {
  return (
    <InfoPage path="/information">
      <InformationSecurity />
    </InfoPage>
  );
}
