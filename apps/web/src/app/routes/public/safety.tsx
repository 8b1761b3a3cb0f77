import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/safety', 'Safety of funds.');

export default function Page() {
  return <InfoPage path="/safety">{null}</InfoPage>;
}
