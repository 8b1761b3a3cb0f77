import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/futures', 'Commodity futures.');

export default function Page() {
  return <InfoPage path="/futures">{null}</InfoPage>;
}
