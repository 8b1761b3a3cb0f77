import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/forex', 'Forex.');

export default function Page() {
  return <InfoPage path="/forex">{null}</InfoPage>;
}
