import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/verification', 'Account verification documents.');

export default function Page() {
  return <InfoPage path="/verification">{null}</InfoPage>;
}
