import {
  formatCents,
  TRANSACTION_TYPE_LABELS,
  type TransactionWithTimeline,
} from '@brokerdesk/shared';
import { useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMoneyRequests } from '../api/get-money-requests';
import { CancelWithdrawalButton } from './cancel-withdrawal-button';
import { RequestFacts } from './request-facts';
import { RequestTimeline } from './request-timeline';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../money.css';

export function requestTitle(request: TransactionWithTimeline): string {
  return `${TRANSACTION_TYPE_LABELS[request.type]} of ${formatCents(request.amountMinor)}`;
}

/** "Your requests": every deposit and withdrawal request, newest first, with its timeline. */
export function MoneyRequests() {
  const headingId = useId();
  const requests = useMoneyRequests();

  return (
    <section className="money-requests" aria-labelledby={headingId}>
      <h2 id={headingId}>Your requests</h2>
      {requests.isPending ? (
        <ul className="money-request-list" aria-busy="true">
          {[0, 1].map((row) => (
            <li key={row} className="money-request">
              <Skeleton size="lg" /> <Skeleton size="md" />
            </li>
          ))}
        </ul>
      ) : requests.isError ? (
        <RetryPanel
          role="status"
          message="We could not load your requests."
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : requests.data.items.length === 0 ? (
        <p className="money-empty">You have not made a deposit or withdrawal request yet.</p>
      ) : (
        <ul className="money-request-list">
          {requests.data.items.map((request) => {
            const title = requestTitle(request);
            return (
              <li key={request.id} className="money-request">
                <article>
                  <h3 className="money-request-title">{title}</h3>
                  <RequestFacts request={request} />
                  <RequestTimeline events={request.events} />
                  {request.type === 'withdrawal' && request.status === 'pending' ? (
                    <CancelWithdrawalButton id={request.id} label={title} />
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
