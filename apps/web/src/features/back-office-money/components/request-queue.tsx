import {
  formatCents,
  roleCan,
  TRANSACTION_TYPE_LABELS,
  type StaffMoneyRequestList,
} from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import {
  EmptyRow,
  SkeletonRows,
  TableCaption,
  TableHead,
} from '../../../components/ui/table-parts';
import { formatTimestamp } from '../../../components/ui/timestamp';
import { useNow } from '../../../components/ui/use-now';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { backOfficePaths } from '../../../config/back-office-paths';
import { methodName } from '../../../lib/transaction-text';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { useStaffMoneyRequests } from '../api/get-staff-money-requests';
import { formatAge, isOverdue } from '../format-age';
import {
  ActionNotice,
  useActionNotice,
  type ActionOutcome,
} from '../../../components/ui/action-notice';
import { RequestActions } from './request-actions';
import '../back-office-money.css';

type QueueItem = StaffMoneyRequestList['items'][number];

/** "deposit of $500.00 by Ann Lee": names a request in buttons and messages. */
export function requestSubject(request: QueueItem): string {
  return `${TRANSACTION_TYPE_LABELS[request.type].toLowerCase()} of ${formatCents(request.amountMinor)} by ${request.client.name}`;
}

function QueueRow({
  request,
  now,
  canDecide,
  onOutcome,
}: {
  request: QueueItem;
  now: number;
  canDecide: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const overdue = isOverdue(request.date, now);
  const kind = request.type === 'deposit' || request.type === 'withdrawal' ? request.type : null;
  return (
    <tr className={overdue ? 'bo-queue-row bo-queue-row--overdue' : 'bo-queue-row'}>
      <td>
        <Link to={backOfficePaths.adminClient(request.client.id)} className="bo-queue-client">
          {request.client.name}
        </Link>
        <span className="table-sub bo-queue-email">{request.client.email}</span>
      </td>
      <td>{TRANSACTION_TYPE_LABELS[request.type]}</td>
      <td className="table-number">{formatCents(request.amountMinor)}</td>
      <td className="table-number">{request.feeMinor > 0 ? formatCents(request.feeMinor) : '—'}</td>
      <td>{methodName(request.method)}</td>
      <td className="table-wrap bo-queue-destination">{request.destination ?? '—'}</td>
      <td>
        <time dateTime={request.date} title={formatTimestamp(request.date)}>
          {formatAge(request.date, now)}
        </time>
        <VisuallyHidden> (requested {formatTimestamp(request.date)})</VisuallyHidden>
        {overdue ? (
          <>
            {' '}
            <Pill tone="danger">Over a day</Pill>
          </>
        ) : null}
      </td>
      <td>
        {request.needsDocuments ? <Pill tone="warning">Card documents needed</Pill> : null}
        {request.events.some((event) => event.kind === 'endorsed') ? (
          <Pill tone="info">Needs a second approval</Pill>
        ) : null}
        {!request.needsDocuments && !request.events.some((event) => event.kind === 'endorsed')
          ? '—'
          : null}
      </td>
      {canDecide ? (
        <td className="bo-queue-actions">
          {kind ? (
            <RequestActions
              id={request.id}
              kind={kind}
              subject={requestSubject(request)}
              onOutcome={onOutcome}
            />
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

const COLUMNS = [
  'Client',
  'Type',
  'Amount',
  'Fee',
  'Method',
  'Destination',
  'Age',
  'Flags',
] as const;

/** /adminDashboard/requests: pending deposits and withdrawals, oldest first, with decisions. */
export function RequestQueue() {
  const captionId = useId();
  const requests = useStaffMoneyRequests();
  const role = useAdminProfile().data?.role;
  const canDecide = role !== undefined && roleCan(role, 'money:write');
  const notice = useActionNotice();
  const now = useNow();
  const columns = canDecide ? [...COLUMNS, 'Actions'] : COLUMNS;

  return (
    <div className="page-section bo-requests">
      <h1>Requests</h1>
      <p className="lead">
        Pending deposits and withdrawals of every client, oldest first.
        {role !== undefined && !canDecide ? ' Your role can view them but not decide them.' : ''}
      </p>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      {requests.isError ? (
        <ErrorPanel
          error={requests.error}
          message="We could not load the pending requests."
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : (
        <TableFrame labelledBy={captionId}>
          <table
            aria-busy={requests.isFetching}
            className={canDecide ? 'bo-queue--decide' : undefined}
          >
            <TableCaption id={captionId}>
              Pending requests, oldest first
              {requests.data ? ` (${requests.data.items.length})` : ''}
            </TableCaption>
            <TableHead columns={columns} />
            <tbody>
              {requests.isPending ? (
                <SkeletonRows columns={columns.length} />
              ) : requests.data.items.length === 0 ? (
                <EmptyRow columns={columns.length}>
                  No pending requests. Everything is up to date.
                </EmptyRow>
              ) : (
                requests.data.items.map((request) => (
                  <QueueRow
                    key={request.id}
                    request={request}
                    now={now}
                    canDecide={canDecide}
                    onOutcome={notice.report}
                  />
                ))
              )}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}
