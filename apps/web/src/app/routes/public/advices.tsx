import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { AdvicesContent } from '../../../features/education';

export const meta = () =>
  infoPageMeta(
    '/advices',
    'What the economic calendar shows and how traders use scheduled releases, such as rate decisions and jobs data, to plan their trading.',
  );

export default function Page() {
  return (
    <InfoPage path="/advices">
      <AdvicesContent />
    </InfoPage>
  );
}
