import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/regulation', 'Regulation.');

export default function Page() {
  return <InfoPage path="/regulation">{null}</InfoPage>;
}
