import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/hours', 'Forex trading hours.');

export default function Page() {
  return <InfoPage path="/hours">{null}</InfoPage>;
}
