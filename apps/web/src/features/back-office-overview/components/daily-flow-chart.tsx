import { formatCents, type StaffOverview } from '@brokerdesk/shared';
import { useId } from 'react';
import { formatDay } from '../../../components/ui/timestamp';
import { VISUALLY_HIDDEN } from '../../../components/ui/visually-hidden';

type Day = StaffOverview['daily'][number];

const CHART_HEIGHT = 160;
const SLOT_WIDTH = 20;
const BAR_WIDTH = 7;

/** The chart in words: totals over the period and the busiest day. */
export function describeDailyFlow(days: readonly Day[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No deposits or withdrawals in the last 30 days.';
  let deposits = 0;
  let withdrawals = 0;
  for (const day of days) {
    deposits += day.depositsMinor;
    withdrawals += day.withdrawalsMinor;
  }
  return (
    `From ${formatDay(first.date)} to ${formatDay(last.date)}: deposits ` +
    `${formatCents(deposits)}, withdrawals ${formatCents(withdrawals)}.`
  );
}

/**
 * Confirmed deposits and approved withdrawals per day (last 30 days): an inline SVG bar chart
 * (no chart library, no extra download) for sighted readers, and the same figures as a table
 * for screen readers.
 */
export function DailyFlowChart({ days }: { days: readonly Day[] }) {
  const captionId = useId();
  const peak = Math.max(0, ...days.map((day) => Math.max(day.depositsMinor, day.withdrawalsMinor)));
  const height = (cents: number) => Math.round((cents / Math.max(1, peak)) * CHART_HEIGHT);
  const width = Math.max(1, days.length) * SLOT_WIDTH;

  return (
    <figure className="bo-chart" aria-labelledby={captionId}>
      <svg
        className="bo-chart-svg"
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line x1={0} y1={CHART_HEIGHT} x2={width} y2={CHART_HEIGHT} className="bo-chart-axis" />
        {days.map((day, index) => {
          const x = index * SLOT_WIDTH + 2;
          const deposit = height(day.depositsMinor);
          const withdrawal = height(day.withdrawalsMinor);
          return (
            <g key={day.date}>
              <rect
                className="bo-chart-bar bo-chart-bar--deposits"
                x={x}
                y={CHART_HEIGHT - deposit}
                width={BAR_WIDTH}
                height={deposit}
              >
                <title>{`${formatDay(day.date)} deposits ${formatCents(day.depositsMinor)}`}</title>
              </rect>
              <rect
                className="bo-chart-bar bo-chart-bar--withdrawals"
                x={x + BAR_WIDTH + 1}
                y={CHART_HEIGHT - withdrawal}
                width={BAR_WIDTH}
                height={withdrawal}
              >
                <title>
                  {`${formatDay(day.date)} withdrawals ${formatCents(day.withdrawalsMinor)}`}
                </title>
              </rect>
            </g>
          );
        })}
      </svg>
      {days.length > 0 ? (
        <div className="bo-chart-range" aria-hidden="true">
          <span>{formatDay(days[0]?.date ?? '')}</span>
          <span>{formatDay(days.at(-1)?.date ?? '')}</span>
        </div>
      ) : null}
      <ul className="bo-chart-legend" aria-hidden="true">
        <li>
          <span className="bo-chart-swatch bo-chart-swatch--deposits" /> Deposits
        </li>
        <li>
          <span className="bo-chart-swatch bo-chart-swatch--withdrawals" /> Withdrawals
        </li>
      </ul>
      <figcaption id={captionId} className="bo-chart-caption">
        {describeDailyFlow(days)} Tallest bar: {formatCents(peak)}.
      </figcaption>
      <table className={VISUALLY_HIDDEN}>
        <caption>Deposits and withdrawals per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Deposits</th>
            <th scope="col">Withdrawals</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{formatCents(day.depositsMinor)}</td>
              <td>{formatCents(day.withdrawalsMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
