import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/information', 'Information security.');

export default function Page() {
  return <InfoPage path="/information">{null}</InfoPage>;
}
