import { formatCents, type BalanceHistory } from '@brokerdesk/shared';
import { useEffect, useId, useRef } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBalanceHistory } from '../api/get-balance-history';
import { formatTimestamp } from '../../../components/ui/timestamp';
import { VISUALLY_HIDDEN } from '../../../components/ui/visually-hidden';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../money.css';

/**
 * The chart's text alternative: "Balance on 03-03-2026, 14:05:09: $165.00. Since …, lowest …,
 * highest …". Highest and lowest are the server's, over every change (issue 16).
 */
export function describeBalance(history: BalanceHistory): string {
  const { points } = history;
  const last = points.at(-1);
  const first = points[0];
  if (!last || !first) return 'No balance history yet.';
  const latest = `Balance on ${formatTimestamp(last.at)}: ${formatCents(last.balanceMinor)}.`;
  if (points.length === 1) return latest;
  const lowest = history.lowestMinor ?? last.balanceMinor;
  const highest = history.highestMinor ?? last.balanceMinor;
  return (
    `${latest} Since ${formatTimestamp(first.at)} (${formatCents(first.balanceMinor)}), ` +
    `lowest ${formatCents(lowest)}, highest ${formatCents(highest)}.`
  );
}

/** Balance over the last 90 days: a line chart (loaded on demand) and the same data as text. */
export function BalanceChart() {
  const headingId = useId();
  const history = useBalanceHistory();
  const points = history.data?.points;

  return (
    <section className="money-panel balance-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>Balance over time</h2>
      {history.isPending ? (
        <div className="balance-chart-box balance-chart-box--loading" aria-busy="true">
          <Skeleton size="lg" />
        </div>
      ) : history.isError ? (
        <RetryPanel
          role="status"
          message="We could not load your balance history."
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.data && points && points.length > 0 ? (
        <BalanceFigure history={history.data} />
      ) : (
        <p className="money-empty">
          No balance history yet. Your balance appears here once money has moved on your account.
        </p>
      )}
    </section>
  );
}

function BalanceFigure({ history }: { history: BalanceHistory }) {
  const { points } = history;
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    import('./draw-balance-chart')
      .then(({ drawBalanceChart }) => {
        if (!cancelled) remove = drawBalanceChart(box, points);
      })
      .catch((error: unknown) => console.warn('Failed to load the balance chart', error));
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [points]);

  return (
    <figure className="balance-chart-figure">
      <div ref={boxRef} className="balance-chart-box" aria-hidden="true" />
      <figcaption className="balance-chart-caption">
        {describeBalance(history)} Chart drawn with{' '}
        <a href="https://www.tradingview.com/lightweight-charts/">
          TradingView Lightweight Charts™
        </a>
        .
      </figcaption>
      <table className={VISUALLY_HIDDEN}>
        <caption>Balance after each change</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Balance</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.at}>
              <td>{formatTimestamp(point.at)}</td>
              <td>{formatCents(point.balanceMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
