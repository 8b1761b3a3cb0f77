import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/execution', 'Execution of orders.');

export default function Page() {
  return <InfoPage path="/execution">{null}</InfoPage>;
}
