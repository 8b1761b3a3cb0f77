import type { SupportTicket } from '@brokerdesk/shared';
import { useId } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSupportTickets } from '../api/get-support-tickets';
import { RetryPanel } from '../../../components/ui/error-panel';
import './support.css';

const STATUS_LABELS: Record<SupportTicket['status'], string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

const AUTHOR_LABELS: Record<SupportTicket['messages'][number]['author'], string> = {
  client: 'You',
  visitor: 'You (contact form)',
  staff: 'Support',
};

function Ticket({ ticket }: { ticket: SupportTicket }) {
  const headingId = useId();
  return (
    <article className="ticket" aria-labelledby={headingId}>
      <header className="ticket-header">
        <h3 id={headingId} className="ticket-subject">
          {ticket.subject.trim() === '' ? 'No subject' : ticket.subject}
        </h3>
        <span className={`badge ticket-status ticket-status--${ticket.status}`}>
          {STATUS_LABELS[ticket.status]}
        </span>
      </header>
      <p className="ticket-opened">
        Opened <DateTime value={ticket.createdAt} withTime />
      </p>
      <ol className="ticket-messages" aria-label="Conversation">
        {ticket.messages.map((message) => (
          <li key={message.id} className={`ticket-message ticket-message--${message.author}`}>
            <p className="ticket-message-meta">
              <strong>{AUTHOR_LABELS[message.author]}</strong>{' '}
              <DateTime value={message.createdAt} withTime />
            </p>
            {/* Plain text only, line breaks kept by CSS: never parsed as HTML. */}
            <p className="ticket-message-body">{message.body}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** "Your tickets": each ticket's subject, status and conversation with our staff. */
export function SupportTickets() {
  const tickets = useSupportTickets();
  const headingId = useId();

  return (
    <section className="support-tickets" aria-labelledby={headingId}>
      <h2 id={headingId}>Your tickets</h2>
      {tickets.isError ? (
        <RetryPanel
          message="We could not load your tickets. Please try again."
          onRetry={() => void tickets.refetch()}
          retrying={tickets.isFetching}
        />
      ) : !tickets.data ? (
        <p aria-busy="true">
          <Skeleton size="lg" />
        </p>
      ) : tickets.data.items.length === 0 ? (
        <p>You have no support tickets yet.</p>
      ) : (
        <ul className="ticket-list">
          {tickets.data.items.map((ticket) => (
            <li key={ticket.id}>
              <Ticket ticket={ticket} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
