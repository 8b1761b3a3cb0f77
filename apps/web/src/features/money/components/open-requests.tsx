import { formatCents, TRANSACTION_TYPE_LABELS } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMoneyRequests } from '../api/get-money-requests';
import { Timestamp } from '../../../components/ui/timestamp';
import { methodName } from '../../../lib/transaction-text';
import { StatusBadge } from './request-facts';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../money.css';

/** The dashboard's list of deposit and withdrawal requests still waiting for staff. */
export function OpenRequests() {
  const headingId = useId();
  const requests = useMoneyRequests({ open: true });

  return (
    <section className="money-panel open-requests" aria-labelledby={headingId}>
      <h2 id={headingId}>Open requests</h2>
      {requests.isPending ? (
        <ul className="open-request-list" aria-busy="true">
          {[0, 1].map((row) => (
            <li key={row} className="open-request">
              <Skeleton size="md" /> <Skeleton size="sm" />
            </li>
          ))}
        </ul>
      ) : requests.isError ? (
        <RetryPanel
          role="status"
          message="We could not load your open requests."
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : requests.data.items.length === 0 ? (
        <p className="money-empty">You have no open deposit or withdrawal requests.</p>
      ) : (
        <ul className="open-request-list">
          {requests.data.items.map((request) => (
            <li key={request.id} className="open-request">
              <span className="open-request-main">
                <strong>{TRANSACTION_TYPE_LABELS[request.type]}</strong>{' '}
                {formatCents(request.amountMinor)} via {methodName(request.method)}
              </span>{' '}
              <StatusBadge status={request.status} />{' '}
              <span className="open-request-time">
                requested <Timestamp value={request.date} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="open-requests-link">
        <Link to={paths.depositWithdrawal}>Deposit or withdraw</Link>
      </p>
    </section>
  );
}
