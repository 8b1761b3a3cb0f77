import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/calendar', 'Calendar of webinars.');

export default function Page() {
  return <InfoPage path="/calendar">{null}</InfoPage>;
}
