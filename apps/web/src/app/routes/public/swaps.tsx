import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/swaps', 'Swaps.');

export default function Page() {
  return <InfoPage path="/swaps">{null}</InfoPage>;
}
