import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/affiliate', 'Affiliate programme.');

export default function Page() {
  return <InfoPage path="/affiliate">{null}</InfoPage>;
}
