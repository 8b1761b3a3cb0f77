import { formatCents, MESSAGES } from '@brokerdesk/shared';
import type { Subscription } from '@brokerdesk/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { paths } from '../../../config/paths';
import { useSubscriptions } from '../api/get-subscriptions';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../subscriptions.css';

function statusClass(status: string): string {
  return status === 'Active' ? 'subscription-status active' : 'subscription-status inactive';
}

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

const FACTS = [
  'Plan',
  'Amount',
  'Profit percentage',
  'Duration',
  'Status',
  'Start date',
  'End date',
] as const;

/** The seed's seven subscription fields, for a definition list or a table row. */
function facts(subscription: Subscription): Record<(typeof FACTS)[number], ReactNode> {
  return {
    Plan: subscription.planName,
    Amount: formatCents(subscription.amountMinor),
    // Only staff set it (docs/product.md §10); it is a figure they typed, not a promised return.
    'Profit percentage':
      subscription.profitPercent > 0
        ? `${subscription.profitPercent}% (set by staff)`
        : `${subscription.profitPercent}%`,
    Duration: days(subscription.durationDays),
    Status: <span className={statusClass(subscription.status)}>{subscription.status}</span>,
    'Start date': <DateTime value={subscription.startDate} />,
    'End date': <DateTime value={subscription.endDate} />,
  };
}

/**
 * subscriptionTrade (docs/origin.md §2): the newest subscription's fields, then every other one in a
 * table. The server sends them newest first.
 */
export function SubscriptionOverview() {
  const subscriptions = useSubscriptions();
  const currentId = useId();
  const othersId = useId();

  let body: ReactNode;
  if (subscriptions.isError) {
    body = (
      <RetryPanel
        message="We could not load your subscriptions. Please try again."
        onRetry={() => void subscriptions.refetch()}
        retrying={subscriptions.isFetching}
      />
    );
  } else if (!subscriptions.data) {
    body = (
      <div className="card subscription-current" aria-busy="true">
        <dl className="subscription-facts">
          {FACTS.map((label) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <Skeleton size="md" />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    );
  } else {
    const [newest, ...others] = subscriptions.data.items;
    if (!newest) {
      body = (
        <div className="card subscription-current">
          <p className="subscription-empty">{MESSAGES.empty.subscriptions}</p>
          <p>
            <Link to={paths.packages}>Browse the packages</Link>
          </p>
        </div>
      );
    } else {
      const current = facts(newest);
      body = (
        <>
          <section className="card subscription-current" aria-labelledby={currentId}>
            <h2 id={currentId}>Latest subscription</h2>
            <dl className="subscription-facts">
              {FACTS.map((label) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{current[label]}</dd>
                </div>
              ))}
            </dl>
          </section>
          {others.length > 0 ? (
            // The table's scrolling frame is the region this heading names.
            <div className="subscription-others">
              <h2 id={othersId}>Past and other subscriptions</h2>
              <TableFrame labelledBy={othersId}>
                <table>
                  <thead>
                    <tr>
                      {FACTS.map((label) => (
                        <th key={label} scope="col">
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {others.map((subscription) => {
                      const row = facts(subscription);
                      return (
                        <tr key={subscription.id}>
                          {FACTS.map((label) =>
                            label === 'Plan' ? (
                              <th key={label} scope="row">
                                {row[label]}
                              </th>
                            ) : (
                              <td key={label}>{row[label]}</td>
                            ),
                          )}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableFrame>
            </div>
          ) : null}
        </>
      );
    }
  }

  return (
    <div className="page-section">
      <h1>Subscriptions</h1>
      {body}
    </div>
  );
}
