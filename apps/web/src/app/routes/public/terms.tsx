import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/terms', 'Client agreement.');

export default function Page() {
  return <InfoPage path="/terms">{null}</InfoPage>;
}
