import { InfoPage, infoPageMeta } from '../../../components/info-page';

// Temporary frame: its content is being written.
export const meta = () => infoPageMeta('/contact', 'Contact us.');

export default function Page() {
  return <InfoPage path="/contact">{null}</InfoPage>;
}
