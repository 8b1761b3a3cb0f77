import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/withdrawal', 'Withdrawal information and general fees.');

export default function Page() {
  return <InfoPage path="/withdrawal">{null}</InfoPage>;
}
