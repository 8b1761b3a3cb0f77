import {
  formatCents,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type Transaction,
} from '@brokerdesk/shared';
import { Timestamp } from '../../../components/ui/timestamp';
import { methodName } from '../../../lib/transaction-text';

/** What a deposit or withdrawal request is: amount, fee, method, destination, status, time. */
export function RequestFacts({ request }: { request: Transaction }) {
  const held = request.type === 'withdrawal' && request.status === 'pending';
  return (
    <dl className="money-facts">
      <div>
        <dt>Type</dt>
        <dd>{TRANSACTION_TYPE_LABELS[request.type]}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatCents(request.amountMinor)}</dd>
      </div>
      {request.feeMinor > 0 ? (
        <div>
          <dt>Fee</dt>
          <dd>
            {formatCents(request.feeMinor)} (total{' '}
            {formatCents(request.amountMinor + request.feeMinor)})
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Method</dt>
        <dd>{methodName(request.method)}</dd>
      </div>
      {request.destination ? (
        <div>
          <dt>Destination</dt>
          <dd className="money-break">{request.destination}</dd>
        </div>
      ) : null}
      <div>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={request.status} />
          {held ? ' — funds held until staff approve it' : null}
        </dd>
      </div>
      <div>
        <dt>Requested</dt>
        <dd>
          <Timestamp value={request.date} />
        </dd>
      </div>
    </dl>
  );
}

/** The status as a pill whose class is the lower-cased value (seed: style names). */
export function StatusBadge({ status }: { status: Transaction['status'] }) {
  return (
    <span className={`tx-status tx-status--${status.toLowerCase()}`}>
      {TRANSACTION_STATUS_LABELS[status]}
    </span>
  );
}
