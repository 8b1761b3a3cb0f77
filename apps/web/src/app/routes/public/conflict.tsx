import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/conflict', 'Conflict of interest policy.');

export default function Page() {
  return <InfoPage path="/conflict">{null}</InfoPage>;
}
