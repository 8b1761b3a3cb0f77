import { formatCents, type StaffClientDetail, type SupportTicket } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { Pill, type PillTone } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import { EmptyRow, TableCaption, TableHead } from '../../../components/ui/table-parts';
import { Timestamp } from '../../../components/ui/timestamp';
import { backOfficePaths } from '../../../config/back-office-paths';
import { deviceLabel } from '../../../lib/device-label';

const TICKET_STATUS: Record<SupportTicket['status'], { label: string; tone: PillTone }> = {
  open: { label: 'Open', tone: 'warning' },
  answered: { label: 'Answered', tone: 'info' },
  closed: { label: 'Closed', tone: 'muted' },
};

const AUTHORS: Record<SupportTicket['messages'][number]['author'], string> = {
  client: 'Client',
  visitor: 'Visitor',
  staff: 'Support',
};

export function ClientSubscriptions({
  subscriptions,
}: {
  subscriptions: StaffClientDetail['subscriptions'];
}) {
  const headingId = useId();
  const columns = ['Plan', 'Amount', 'Bonus', 'Profit', 'Duration', 'Start', 'End', 'Status'];
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Subscriptions</h2>
      <TableFrame labelledBy={headingId}>
        <table>
          <TableCaption id={`${headingId}-caption`}>Plans, newest first</TableCaption>
          <TableHead columns={columns} />
          <tbody>
            {subscriptions.length === 0 ? (
              <EmptyRow columns={columns.length}>No subscriptions</EmptyRow>
            ) : (
              subscriptions.map((plan) => (
                <tr key={plan.id}>
                  <td>{plan.planName}</td>
                  <td className="table-number">{formatCents(plan.amountMinor)}</td>
                  <td className="table-number">{formatCents(plan.bonusMinor)}</td>
                  <td className="table-number">{plan.profitPercent}%</td>
                  <td>
                    {plan.durationDays} {plan.durationDays === 1 ? 'day' : 'days'}
                  </td>
                  <td>
                    <DateTime value={plan.startDate} />
                  </td>
                  <td>
                    <DateTime value={plan.endDate} />
                  </td>
                  <td>{plan.status}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}

export function ClientTickets({ tickets }: { tickets: StaffClientDetail['tickets'] }) {
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Support tickets</h2>
      {tickets.length === 0 ? (
        <p className="bo-empty-text">No support tickets.</p>
      ) : (
        <ul className="bo-tickets">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="bo-ticket">
              <article aria-labelledby={`${headingId}-${ticket.id}`}>
                <h3 id={`${headingId}-${ticket.id}`}>
                  {ticket.subject.trim() === '' ? 'No subject' : ticket.subject}{' '}
                  <Pill tone={TICKET_STATUS[ticket.status].tone}>
                    {TICKET_STATUS[ticket.status].label}
                  </Pill>
                </h3>
                <p className="bo-ticket-message-meta">
                  Opened <Timestamp value={ticket.createdAt} /> ·{' '}
                  <Link
                    to={`${backOfficePaths.adminSupport}?status=all&ticket=${encodeURIComponent(ticket.id)}`}
                  >
                    Open in the inbox
                  </Link>
                </p>
                <ol className="bo-ticket-messages" aria-label="Conversation">
                  {ticket.messages.map((message) => (
                    <li key={message.id}>
                      <p className="bo-ticket-message-meta">
                        <strong>{AUTHORS[message.author]}</strong>{' '}
                        <Timestamp value={message.createdAt} />
                      </p>
                      {/* Plain text, never HTML; CSS keeps the line breaks. */}
                      <p className="bo-ticket-message-body">{message.body}</p>
                    </li>
                  ))}
                </ol>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ClientReferrals({ referrals }: { referrals: StaffClientDetail['referrals'] }) {
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Referrals</h2>
      <TableFrame labelledBy={headingId}>
        <table>
          <TableCaption id={`${headingId}-caption`}>Clients this client referred</TableCaption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {referrals.length === 0 ? (
              <EmptyRow columns={3}>No referrals</EmptyRow>
            ) : (
              referrals.map((referral) => (
                <tr key={referral.id}>
                  <td>
                    <Link to={backOfficePaths.adminClient(referral.id)}>{referral.name}</Link>
                  </td>
                  <td>{referral.email}</td>
                  <td>
                    <DateTime value={referral.joinedAt} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}

export function ClientSessions({ sessions }: { sessions: StaffClientDetail['sessions'] }) {
  const headingId = useId();
  const count = sessions.length;
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Sessions</h2>
      <p>
        {count === 0
          ? 'Not signed in anywhere.'
          : `${count} active ${count === 1 ? 'session' : 'sessions'}.`}
      </p>
      {count > 0 ? (
        <ul>
          {sessions.map((session, index) => (
            <li key={`${session.createdAt}-${index}`}>
              Signed in <Timestamp value={session.createdAt} />, last active{' '}
              <Timestamp value={session.lastSeenAt} />, expires{' '}
              <Timestamp value={session.expiresAt} />
              <span className="bo-muted"> — {deviceLabel(session.userAgent)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
