import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/indexes', 'Share indexes.');

export default function Page() {
  return <InfoPage path="/indexes">{null}</InfoPage>;
}
