import type { StaffTicket } from '@brokerdesk/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { Skeleton } from '../../../components/ui/skeleton';
import { Timestamp } from '../../../components/ui/timestamp';
import { backOfficePaths } from '../../../config/back-office-paths';
import { ApiError } from '../../../lib/api-client';
import { useStaffTicket } from '../api/get-staff-ticket';
import { useChangeTicketStatus, type TicketStatusChange } from '../api/update-ticket';
import { ReplyForm } from './reply-form';
import { ticketSender, ticketSubject, TICKET_STATUS } from './ticket-labels';

function authorName(ticket: StaffTicket, author: StaffTicket['messages'][number]['author']) {
  if (author === 'staff') return 'Support';
  if (author === 'visitor') return 'Visitor';
  return ticket.client?.name ?? 'Client';
}

const CHANGES: Record<TicketStatusChange, { label: string; pending: string; done: string }> = {
  close: { label: 'Close ticket', pending: 'Closing…', done: 'Ticket closed.' },
  reopen: { label: 'Reopen ticket', pending: 'Reopening…', done: 'Ticket reopened.' },
};

function StatusButton({ ticket }: { ticket: StaffTicket }) {
  const change: TicketStatusChange = ticket.status === 'closed' ? 'reopen' : 'close';
  const mutation = useChangeTicketStatus();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const copy = CHANGES[change];
  return (
    <div className="bo-ticket-status-action">
      <button
        type="button"
        className="button button--secondary"
        disabled={mutation.isPending}
        onClick={() => {
          setResult(null);
          mutation.mutate(
            { id: ticket.id, change },
            {
              onSuccess: () => setResult({ ok: true, text: copy.done }),
              onError: (error) =>
                setResult({
                  ok: false,
                  text: actionFailureText(
                    error,
                    'We could not change the ticket. Please try again.',
                  ),
                }),
            },
          );
        }}
      >
        {mutation.isPending ? copy.pending : copy.label}
      </button>
      <p role="status" className="bo-inline-result">
        {result?.ok ? result.text : ''}
      </p>
      <p role="alert" className="form-error">
        {result && !result.ok ? result.text : ''}
      </p>
    </div>
  );
}

/**
 * One ticket: who wrote, the conversation (plain text, never HTML) and, for staff with
 * `support:write`, the reply box and Close / Reopen. `focusRequest` grows when the reader picks
 * a ticket, and focus then moves to its heading.
 */
export function TicketConversation({
  ticketId,
  canWrite,
  focusRequest,
}: {
  ticketId: string;
  canWrite: boolean;
  focusRequest: number;
}) {
  const ticket = useStaffTicket(ticketId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = ticket.data !== undefined;

  useEffect(() => {
    if (focusRequest > 0 && loaded) headingRef.current?.focus();
  }, [focusRequest, loaded]);

  if (ticket.isPending) {
    return (
      <div aria-busy="true" className="bo-conversation">
        <p>
          <Skeleton size="lg" />
        </p>
        <p>
          <Skeleton size="md" /> <Skeleton size="lg" />
        </p>
      </div>
    );
  }
  if (ticket.isError) {
    const notFound = ticket.error instanceof ApiError && ticket.error.status === 404;
    return notFound ? (
      <p className="bo-conversation" role="alert">
        This ticket does not exist.
      </p>
    ) : (
      <ErrorPanel
        error={ticket.error}
        message="We could not load this ticket."
        onRetry={() => void ticket.refetch()}
        retrying={ticket.isFetching}
      />
    );
  }

  const data = ticket.data;
  const sender = ticketSender(data);
  const status = TICKET_STATUS[data.status];
  return (
    <article className="bo-conversation" aria-labelledby={`ticket-${data.id}`}>
      <header className="bo-conversation-header">
        <h2 id={`ticket-${data.id}`} ref={headingRef} tabIndex={-1}>
          {ticketSubject(data)}
        </h2>
        <Pill tone={status.tone}>{status.label}</Pill>
      </header>
      <p className="bo-conversation-from">
        From{' '}
        {data.client ? (
          <Link to={backOfficePaths.adminClient(data.client.id)}>{data.client.name}</Link>
        ) : (
          'Visitor'
        )}{' '}
        {sender.email ? (
          <>
            (<a href={`mailto:${sender.email}`}>{sender.email}</a>)
          </>
        ) : data.client ? null : (
          '(no reply address)'
        )}{' '}
        · opened <Timestamp value={data.createdAt} />
      </p>
      <ol className="bo-messages" aria-label="Conversation">
        {data.messages.map((message) => (
          <li key={message.id} className={`bo-message bo-message--${message.author}`}>
            <p className="bo-message-meta">
              <strong>{authorName(data, message.author)}</strong>{' '}
              <Timestamp value={message.createdAt} />
            </p>
            {/* Plain text, never HTML; CSS keeps the line breaks. */}
            <p className="bo-message-body">{message.body}</p>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <>
          {data.client || sender.email ? null : (
            <p className="bo-muted">
              This visitor left no e-mail address: a reply is kept on the ticket only.
            </p>
          )}
          <ReplyForm ticketId={data.id} recipient={sender.email ?? sender.name} />
          <StatusButton ticket={data} />
        </>
      ) : null}
    </article>
  );
}
