import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { EbookContent } from '../../../features/education';

export const meta = () =>
  infoPageMeta(
    '/ebook',
    'A free forex e-book for beginners: how the currency market works, reading quotes, leverage and margin, and building a trading plan.',
  );

export default function Page() {
  return (
    <InfoPage path="/ebook">
      <EbookContent />
    </InfoPage>
  );
}
