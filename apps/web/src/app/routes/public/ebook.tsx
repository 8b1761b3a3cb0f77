import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/ebook', 'Forex e-book.');

export default function Page() {
  return <InfoPage path="/ebook">{null}</InfoPage>;
}
