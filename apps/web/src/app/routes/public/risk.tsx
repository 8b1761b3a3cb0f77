import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/risk', 'Risk disclosure.');

export default function Page() {
  return <InfoPage path="/risk">{null}</InfoPage>;
}
