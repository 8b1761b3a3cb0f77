import {
  formatCents,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionWithTimeline,
} from '@brokerdesk/shared';
import { useId } from 'react';
import { Pill, type PillTone } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import { EmptyRow, TableCaption, TableHead } from '../../../components/ui/table-parts';
import { formatTimestamp, Timestamp } from '../../../components/ui/timestamp';
import {
  formatSignedCents,
  methodName,
  staffProvenance,
  TRANSACTION_EVENT_LABELS,
} from '../../../lib/transaction-text';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { RequestActions } from '../../back-office-money';

export const STATUS_TONES: Record<TransactionStatus, PillTone> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
  failed: 'danger',
  cancelled: 'muted',
  reversed: 'muted',
};

function Timeline({ transaction }: { transaction: TransactionWithTimeline }) {
  const { events } = transaction;
  if (events.length === 0) return <>—</>;
  return (
    <details className="bo-timeline">
      <summary>
        {events.length} {events.length === 1 ? 'event' : 'events'}
      </summary>
      <ol>
        {events.map((event, index) => (
          <li key={`${event.kind}-${event.at}-${index}`}>
            <strong>{TRANSACTION_EVENT_LABELS[event.kind]}</strong> <Timestamp value={event.at} />
            {event.reason ? (
              <span className="bo-timeline-reason"> — Reason: {event.reason}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * A client's statement (newest 100 rows) with each row's timeline; pending deposits and
 * withdrawals carry the decision buttons when `canDecide` (money:write).
 */
export function ClientStatement({
  transactions,
  canDecide,
  onOutcome,
}: {
  transactions: readonly TransactionWithTimeline[];
  canDecide: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const headingId = useId();
  const columns = ['Date', 'Type', 'Amount', 'Fee', 'Method', 'Status', 'Timeline'];
  if (canDecide) columns.push('Actions');

  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Transactions</h2>
      <TableFrame labelledBy={headingId}>
        <table>
          <TableCaption id={`${headingId}-caption`}>
            Statement, newest first (at most 100 rows)
          </TableCaption>
          <TableHead columns={columns} />
          <tbody>
            {transactions.length === 0 ? (
              <EmptyRow columns={columns.length}>No transaction found</EmptyRow>
            ) : (
              transactions.map((transaction) => {
                const kind =
                  transaction.status === 'pending' &&
                  (transaction.type === 'deposit' || transaction.type === 'withdrawal')
                    ? transaction.type
                    : null;
                const label = TRANSACTION_TYPE_LABELS[transaction.type];
                const provenance = staffProvenance(transaction);
                return (
                  <tr key={transaction.id}>
                    <td>
                      <Timestamp value={transaction.date} />
                    </td>
                    <td>
                      {label}
                      {provenance ? <span className="table-sub">{provenance}</span> : null}
                    </td>
                    <td className="table-number">
                      {formatSignedCents(transaction.amountMinor, transaction.direction)}
                    </td>
                    <td className="table-number">
                      {transaction.feeMinor > 0 ? formatCents(transaction.feeMinor) : '—'}
                    </td>
                    <td>{methodName(transaction.method)}</td>
                    <td>
                      <Pill tone={STATUS_TONES[transaction.status]}>
                        {TRANSACTION_STATUS_LABELS[transaction.status]}
                      </Pill>
                      {transaction.needsDocuments && transaction.status === 'pending' ? (
                        <span className="table-sub">Card documents needed</span>
                      ) : null}
                    </td>
                    <td>
                      <Timeline transaction={transaction} />
                    </td>
                    {canDecide ? (
                      <td>
                        {kind ? (
                          <RequestActions
                            id={transaction.id}
                            kind={kind}
                            subject={`${label.toLowerCase()} of ${formatCents(transaction.amountMinor)} requested ${formatTimestamp(transaction.date)}`}
                            onOutcome={onOutcome}
                          />
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}
