import { formatCents } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { paths } from '../../../config/paths';
import { tradingPaths } from '../../../config/trading-paths';
import type { Id, TradingDeal, TradingProtection, TradingSwap } from '../api/types';
import { useHistoryTimeline } from '../hooks/use-history-timeline';
import { SwapRow } from './swap-row';
import { pnlClass } from '../lib/pnl-class';
import { dealReasonText, sideText } from '../../../lib/deal-text';

/**
 * Deals and each night's swap, newest first, in one timeline: each close with its P/L and why
 * it happened ("Stop loss", "Closed by you"…), each swap with its rollover (§11.13). The newest
 * 50 of each first; older ones on "Show older history". Above them, any negative balance
 * protection the platform credited (§11.12): money the client sees arrive. The Statement link
 * opens the print-friendly statement of the account; "E-mail confirmations" the account page,
 * where the client turns trade confirmations on (decision 137).
 */
export function HistoryPanel({
  accountId,
  deals: newest,
  nextCursor,
  names,
  protections = [],
  swaps,
  swapsCursor,
}: {
  accountId: Id;
  deals: readonly TradingDeal[] | undefined;
  /** The newest page's cursor: null when it holds every deal. */
  nextCursor: string | null | undefined;
  names: ReadonlyMap<string, string>;
  protections?: readonly TradingProtection[];
  /** The newest page of nightly swaps, and its cursor (null when it holds every swap). */
  swaps?: readonly TradingSwap[];
  swapsCursor?: string | null;
}) {
  const headingId = useId();
  const { entries, moreToShow, loadingOlder, olderFailed, showOlder } = useHistoryTimeline({
    accountId,
    deals: newest,
    dealsCursor: nextCursor,
    swaps,
    swapsCursor,
  });
  return (
    <section className="trade-card" aria-labelledby={headingId}>
      <div className="trade-card-head">
        <h2 id={headingId} className="trade-card-title">
          History
        </h2>
        <span className="trade-card-links">
          <Link
            className="trade-link"
            to={`${tradingPaths.statement}?account=${encodeURIComponent(String(accountId))}`}
          >
            Statement
          </Link>
          <Link className="trade-link" to={paths.account}>
            E-mail confirmations
          </Link>
        </span>
      </div>
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
      {!entries ? (
        <p className="trade-note">Loading history…</p>
      ) : entries.length === 0 ? (
        <p className="trade-note">No deals yet.</p>
      ) : (
        <ul className="trade-rows">
          {entries.map((entry) => {
            if (entry.kind === 'swap') {
              return <SwapRow key={entry.key} swap={entry.swap} names={names} />;
            }
            const { deal } = entry;
            return (
              <li key={entry.key} className="trade-row trade-deal">
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
                    <dd className={pnlClass(deal.pnlMinor)}>{formatCents(deal.pnlMinor)}</dd>
                  </div>
                  {deal.swapMinor !== 0 ? (
                    <div>
                      <dt>Swap</dt>
                      <dd>{formatCents(deal.swapMinor)}</dd>
                    </div>
                  ) : null}
                </dl>
                {deal.correction ? (
                  <p className="trade-note">
                    Corrected by the dealing desk on{' '}
                    <DateTime value={deal.correction.time} withTime />: “{deal.correction.reason}”.
                    It was filled at {deal.correction.originalPrice}
                    {deal.entry === 'in'
                      ? '.'
                      : ` with a profit/loss of ${formatCents(deal.correction.originalPnlMinor)}; that was reversed and the corrected amount posted.`}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {entries && moreToShow ? (
        <button
          type="button"
          className="button button--secondary trade-more"
          onClick={showOlder}
          disabled={loadingOlder}
          aria-busy={loadingOlder}
        >
          {loadingOlder ? 'Loading older history…' : 'Show older history'}
        </button>
      ) : null}
      {olderFailed ? (
        <p className="trade-note" role="alert">
          Older history could not be loaded. Try again.
        </p>
      ) : null}
    </section>
  );
}
