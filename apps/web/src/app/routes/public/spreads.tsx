import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/spreads', 'Spreads.');

export default function Page() {
  return <InfoPage path="/spreads">{null}</InfoPage>;
}
