import { formatCents } from '@brokerdesk/shared';
import { useId } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import type { TradingDeal } from '../api/types';
import { dealReasonText, sideText } from '../lib/text';

/** Deals, newest first: each close with its P/L and why it happened ("Stop loss", "Closed by you"…). */
export function HistoryPanel({
  deals,
  names,
}: {
  deals: readonly TradingDeal[] | undefined;
  names: ReadonlyMap<string, string>;
}) {
  const headingId = useId();
  return (
    <section className="trade-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="trade-card-title">
        History
      </h2>
      {!deals ? (
        <p className="trade-note">Loading history…</p>
      ) : deals.length === 0 ? (
        <p className="trade-note">No deals yet.</p>
      ) : (
        <ul className="trade-rows">
          {deals.map((deal) => (
            <li key={String(deal.id)} className="trade-row trade-deal">
              <h3 className="trade-row-title">
                {sideText(deal.side)} {deal.volume} {names.get(deal.symbol) ?? deal.symbol} at{' '}
                {deal.price}
              </h3>
              <dl className="trade-row-facts">
                <div>
                  <dt>Time</dt>
                  <dd>
                    <DateTime value={deal.time} withTime />
                  </dd>
                </div>
                <div>
                  <dt>Reason</dt>
                  <dd>{dealReasonText(deal)}</dd>
                </div>
                <div>
                  <dt>Profit/loss</dt>
                  <dd className={deal.pnlMinor < 0 ? 'trade-down' : 'trade-up'}>
                    {formatCents(deal.pnlMinor)}
                  </dd>
                </div>
                {deal.swapMinor !== 0 ? (
                  <div>
                    <dt>Swap</dt>
                    <dd>{formatCents(deal.swapMinor)}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
