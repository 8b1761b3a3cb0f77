import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/advices', 'Economic calendar.');

export default function Page() {
  return <InfoPage path="/advices">{null}</InfoPage>;
}
