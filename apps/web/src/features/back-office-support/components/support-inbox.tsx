import { roleCan, TICKET_FILTERS } from '@brokerdesk/shared';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Timestamp } from '../../../components/ui/timestamp';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { useStaffTickets, type TicketFilter } from '../api/get-staff-tickets';
import { TicketConversation } from './ticket-conversation';
import { ticketSender, ticketSubject, TICKET_STATUS } from './ticket-labels';
import '../back-office-support.css';

const FILTER_LABELS: Record<TicketFilter, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
  all: 'All',
};

const EMPTY: Record<TicketFilter, string> = {
  open: 'No open tickets.',
  answered: 'No answered tickets.',
  closed: 'No closed tickets.',
  all: 'No tickets yet.',
};

function readFilter(value: string | null): TicketFilter {
  return TICKET_FILTERS.find((filter) => filter === value) ?? 'open';
}

/** The address of the inbox with `status` and `ticket`, leaving out the defaults. */
function inboxSearch(status: TicketFilter, ticket: string | null): string {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status);
  if (ticket) params.set('ticket', ticket);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * /adminDashboard/support: tickets filtered by status (Open by default) beside the selected
 * ticket's conversation. The filter and the ticket are in the address (?status=&ticket=).
 */
export function SupportInbox() {
  const [params, setParams] = useSearchParams();
  const status = readFilter(params.get('status'));
  const selected = params.get('ticket');
  const tickets = useStaffTickets(status);
  const role = useAdminProfile().data?.role;
  const canWrite = role !== undefined && roleCan(role, 'support:write');
  const listHeadingId = useId();
  const [focusRequest, setFocusRequest] = useState(0);

  return (
    <div className="page-section bo-inbox-page">
      <h1>Support inbox</h1>
      <div className="bo-inbox">
        <section className="bo-inbox-list" aria-labelledby={listHeadingId}>
          <h2 id={listHeadingId} className="bo-inbox-list-heading">
            Tickets
          </h2>
          <SelectField
            label="Status"
            name="status"
            value={status}
            onChange={(event) =>
              setParams(
                new URLSearchParams(inboxSearch(readFilter(event.target.value), selected)),
                {
                  replace: true,
                },
              )
            }
          >
            {TICKET_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </SelectField>
          {tickets.isPending ? (
            <ul className="bo-ticket-list" aria-busy="true">
              {[0, 1, 2].map((row) => (
                <li key={row} className="bo-ticket-item">
                  <Skeleton size="lg" /> <Skeleton size="md" />
                </li>
              ))}
            </ul>
          ) : tickets.isError ? (
            <ErrorPanel
              error={tickets.error}
              message="We could not load the tickets."
              onRetry={() => void tickets.refetch()}
              retrying={tickets.isFetching}
            />
          ) : tickets.data.items.length === 0 ? (
            <p className="bo-muted">{EMPTY[status]}</p>
          ) : (
            <ul className="bo-ticket-list" aria-busy={tickets.isFetching}>
              {tickets.data.items.map((ticket) => {
                const sender = ticketSender(ticket);
                const current = ticket.id === selected;
                const badge = TICKET_STATUS[ticket.status];
                return (
                  <li key={ticket.id}>
                    <Link
                      to={inboxSearch(status, ticket.id)}
                      className="bo-ticket-item"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => setFocusRequest((count) => count + 1)}
                    >
                      <span className="bo-ticket-item-subject">{ticketSubject(ticket)}</span>
                      <span className="bo-ticket-item-from">
                        {sender.name}
                        {sender.email ? ` · ${sender.email}` : ''}
                      </span>
                      <span className="bo-ticket-item-meta">
                        <Pill tone={badge.tone}>{badge.label}</Pill> Updated{' '}
                        <Timestamp value={ticket.updatedAt} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <div className="bo-inbox-conversation">
          {selected ? (
            <TicketConversation
              key={selected}
              ticketId={selected}
              canWrite={canWrite}
              focusRequest={focusRequest}
            />
          ) : (
            <p className="bo-muted bo-inbox-hint">Choose a ticket to read the conversation.</p>
          )}
        </div>
      </div>
    </div>
  );
}
