import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/carriers', 'Energy carriers and metals.');

export default function Page() {
  return <InfoPage path="/carriers">{null}</InfoPage>;
}
