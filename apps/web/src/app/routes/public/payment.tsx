import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/payment', 'Payment methods.');

export default function Page() {
  return <InfoPage path="/payment">{null}</InfoPage>;
}
