import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { site } from '../../../content/site';
import { ContactForm, SupportFaq } from '../../../features/support';

export const meta = () =>
  infoPageMeta(
    '/contact',
    `Send ${site.companyName} a message and read the answers to common questions.`,
  );

export default function Page() {
  return (
    <InfoPage path="/contact">
      <p>
        Write to us with any question about your account, payments or the platform. Add your e-mail
        address if you would like an answer; signed-in clients can also write from the support page
        of their dashboard.
      </p>
      <ContactForm />
      <SupportFaq />
    </InfoPage>
  );
}
