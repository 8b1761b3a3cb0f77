import { formatCents, type BalanceHistory } from '@brokerdesk/shared';
import { useEffect, useId, useRef } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBalanceHistory } from '../api/get-balance-history';
import { formatDay } from '../../../components/ui/timestamp';
import { VISUALLY_HIDDEN } from '../../../components/ui/visually-hidden';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../money.css';

type Points = BalanceHistory['points'];

/** The chart's text alternative: "Balance on 03-03-2026: $1,512.55", with the range. */
export function describeBalance(points: Points): string {
  const last = points.at(-1);
  const first = points[0];
  if (!last || !first) return 'No balance history yet.';
  const values = points.map((point) => point.balanceMinor);
  const latest = `Balance on ${formatDay(last.date)}: ${formatCents(last.balanceMinor)}.`;
  if (points.length === 1) return latest;
  return (
    `${latest} Since ${formatDay(first.date)} (${formatCents(first.balanceMinor)}), ` +
    `lowest ${formatCents(Math.min(...values))}, highest ${formatCents(Math.max(...values))}.`
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
      ) : points && points.length > 0 ? (
        <BalanceFigure points={points} />
      ) : (
        <p className="money-empty">
          No balance history yet. Your balance appears here once money has moved on your account.
        </p>
      )}
    </section>
  );
}

function BalanceFigure({ points }: { points: Points }) {
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
        {describeBalance(points)} Chart drawn with{' '}
        <a href="https://www.tradingview.com/lightweight-charts/">
          TradingView Lightweight Charts™
        </a>
        .
      </figcaption>
      <table className={VISUALLY_HIDDEN}>
        <caption>Balance at the end of each day with activity</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Balance</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <td>{formatDay(point.date)}</td>
              <td>{formatCents(point.balanceMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
