import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/webinars', 'Forex webinars.');

export default function Page() {
  return <InfoPage path="/webinars">{null}</InfoPage>;
}
