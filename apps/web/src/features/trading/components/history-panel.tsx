import { formatCents } from '@brokerdesk/shared';
import { useId, useState } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { useOlderDeals } from '../api/get-account-data';
import type { Id, TradingDeal, TradingProtection } from '../api/types';
import { dealReasonText, sideText } from '../../../lib/deal-text';

/**
 * Deals, newest first: each close with its P/L and why it happened ("Stop loss", "Closed by
 * you"…). The newest 50 first; older ones 50 at a time on "Show older deals". Above them, any
 * negative balance protection the platform credited (§11.12): money the client sees arrive.
 */
export function HistoryPanel({
  accountId,
  deals: newest,
  nextCursor,
  names,
  protections = [],
}: {
  accountId: Id;
  deals: readonly TradingDeal[] | undefined;
  /** The newest page's cursor: null when it holds every deal. */
  nextCursor: string | null | undefined;
  names: ReadonlyMap<string, string>;
  protections?: readonly TradingProtection[];
}) {
  const headingId = useId();
  const [wantsOlder, setWantsOlder] = useState(false);
  const older = useOlderDeals(accountId, nextCursor ?? null, wantsOlder);
  const olderDeals = wantsOlder ? (older.data?.pages.flatMap((page) => page.deals) ?? []) : [];
  const deals = newest ? [...newest, ...olderDeals] : undefined;
  const moreToShow = wantsOlder
    ? older.hasNextPage || older.isPending
    : typeof nextCursor === 'string';
  const loadingOlder = wantsOlder && (older.isPending || older.isFetchingNextPage);
  const showOlder = () => {
    if (!wantsOlder) setWantsOlder(true);
    else void older.fetchNextPage();
  };
  return (
    <section className="trade-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="trade-card-title">
        History
      </h2>
      {protections.length > 0 ? (
        <ul className="trade-rows" aria-label="Negative balance protection">
          {protections.map((protection) => (
            <li key={String(protection.id)} className="trade-row trade-deal">
              <h3 className="trade-row-title">Negative balance protection</h3>
              <dl className="trade-row-facts">
                <div>
                  <dt>Time</dt>
                  <dd>
                    <DateTime value={protection.time} withTime />
                  </dd>
                </div>
                <div>
                  <dt>Credited</dt>
                  <dd className="trade-up">{formatCents(protection.amountMinor)}</dd>
                </div>
              </dl>
              <p className="trade-note">
                The account was left below zero with nothing open, so the platform brought it back
                to $0.00: you cannot lose more than you put in.
              </p>
            </li>
          ))}
        </ul>
      ) : null}
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
      {deals && moreToShow ? (
        <button
          type="button"
          className="button button--secondary trade-more"
          onClick={showOlder}
          disabled={loadingOlder}
          aria-busy={loadingOlder}
        >
          {loadingOlder ? 'Loading older deals…' : 'Show older deals'}
        </button>
      ) : null}
      {older.isError ? (
        <p className="trade-note" role="alert">
          Older deals could not be loaded. Try again.
        </p>
      ) : null}
    </section>
  );
}
