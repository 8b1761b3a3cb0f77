import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { supportTicketsQueryKey } from '../api/get-support-tickets';
import { ContactForm } from './contact-form';
import { SupportFaq } from './support-faq';
import { SupportTickets } from './support-tickets';
import './support.css';

/** The portal's support page (docs/origin.md §2 /userDashboard/support): write, read replies, FAQ. */
export function DashboardSupport() {
  const queryClient = useQueryClient();
  const formHeadingId = useId();

  return (
    <div className="page-section">
      <h1>Support</h1>
      <section aria-labelledby={formHeadingId} className="support-write">
        <h2 id={formHeadingId}>Write to us</h2>
        <ContactForm
          variant="dashboard"
          onSent={() => void queryClient.invalidateQueries({ queryKey: supportTicketsQueryKey })}
        />
      </section>
      <SupportTickets />
      <SupportFaq />
    </div>
  );
}
