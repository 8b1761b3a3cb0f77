import type { StaffClientDetail } from '@brokerdesk/shared';
import { useId } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { Pill } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import { Timestamp } from '../../../components/ui/timestamp';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { useSendVerificationLink } from '../api/send-verification-link';

const STATE_PILL = {
  queued: { tone: 'warning', label: 'Queued' },
  sent: { tone: 'success', label: 'Sent' },
  failed: { tone: 'danger', label: 'Failed' },
} as const;

/**
 * The client's recent mails (what support needs for "I never got the e-mail"), newest first, and,
 * for an unverified client and staff who may change clients, a button that mails a new link.
 * "Queued" is when the mail was written (`createdAt`). `sendAfter` is not: the mail worker pushes
 * it past its lease when it picks a mail up (apps/api/src/modules/mail/mail.repo.ts), so it lands
 * after the sending time; it only matters for a queued mail, as its next try.
 */
export function ClientMail({
  clientId,
  verified,
  canSend,
  mails,
  onOutcome,
}: {
  clientId: string;
  verified: boolean;
  canSend: boolean;
  mails: StaffClientDetail['mails'];
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const headingId = useId();
  const mailsId = useId();
  const send = useSendVerificationLink();
  const newestFirst = [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>E-mail</h2>
      <p>
        {verified
          ? 'The e-mail address is verified.'
          : 'The e-mail address is not verified yet: deposits, withdrawals and plans wait for it.'}
      </p>
      {!verified && canSend ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(
              { clientId },
              {
                onSuccess: () =>
                  onOutcome({ tone: 'success', text: 'A new verification link is on its way.' }),
                onError: (error) =>
                  onOutcome({
                    tone: 'failure',
                    text: actionFailureText(error, 'We could not send a link. Please try again.'),
                  }),
              },
            )
          }
        >
          {send.isPending ? 'Sending…' : 'Send a new verification link'}
        </button>
      ) : null}
      <h3 id={mailsId}>Recent mails</h3>
      {mails.length === 0 ? (
        <p>No mail sent yet.</p>
      ) : (
        <TableFrame labelledBy={mailsId}>
          <table>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Queued at</th>
                <th scope="col">Sent at</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((mail) => (
                <tr key={mail.id}>
                  <td>{mail.subject}</td>
                  <td>
                    <Pill tone={STATE_PILL[mail.state].tone}>{STATE_PILL[mail.state].label}</Pill>
                    {mail.state !== 'sent' && mail.lastError ? (
                      <span className="bo-muted"> {mail.lastError}</span>
                    ) : null}
                  </td>
                  <td>
                    <Timestamp value={mail.createdAt} />
                  </td>
                  <td>
                    {mail.sentAt ? (
                      <Timestamp value={mail.sentAt} />
                    ) : mail.state === 'queued' ? (
                      <>
                        Next try <Timestamp value={mail.sendAfter} />
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
