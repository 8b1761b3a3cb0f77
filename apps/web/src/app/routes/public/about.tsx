import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/about', 'About us.');

export default function Page() {
  return <InfoPage path="/about">{null}</InfoPage>;
}
