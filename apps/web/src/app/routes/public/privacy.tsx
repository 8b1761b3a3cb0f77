import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/privacy', 'Privacy policy.');

export default function Page() {
  return <InfoPage path="/privacy">{null}</InfoPage>;
}
