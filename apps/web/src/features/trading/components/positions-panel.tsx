import { formatCents } from '@brokerdesk/shared';
import { closePrice, findSpec, formatPoints } from '@brokerdesk/shared/trading';
import { useId, useRef, useState } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { isRetryable, newIdempotencyKey } from '../../../lib/api-client';
import { useClosePosition, useModifyPosition } from '../api/trade-actions';
import type { Id, TradingPosition } from '../api/types';
import type { LiveQuote } from '../hooks/use-quote-stream';
import { livePnl, quotePoints } from '../lib/figures';
import { pnlClass } from '../lib/pnl-class';
import { priceSourceLabel } from '../../../lib/price-source';
import { sideText } from '../../../lib/deal-text';
import { CloseDialog } from './close-dialog';
import { StopsDialog } from './stops-dialog';

type Action = { kind: 'modify' | 'close'; position: TradingPosition } | null;

function currentPrice(position: TradingPosition, quotes: ReadonlyMap<string, LiveQuote>) {
  const spec = findSpec(position.symbol);
  const quote = spec ? quotePoints(quotes.get(position.symbol), spec.digits) : null;
  return spec && quote
    ? formatPoints(closePrice(position.side, quote), spec.digits)
    : position.closePrice;
}

/** Open positions with their P/L at the live quote; modify SL/TP/trailing, close all or part. */
export function PositionsPanel({
  accountId,
  positions,
  quotes,
  names,
  priceSource,
  announce,
}: {
  accountId: Id;
  positions: readonly TradingPosition[] | undefined;
  quotes: ReadonlyMap<string, LiveQuote>;
  names: ReadonlyMap<string, string>;
  priceSource: string | undefined;
  announce: (text: string) => void;
}) {
  const headingId = useId();
  const [action, setAction] = useState<Action>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const closeKey = useRef<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const modify = useModifyPosition();
  const close = useClosePosition();
  const nameOf = (symbol: string) => names.get(symbol) ?? symbol;

  const start = (
    kind: 'modify' | 'close',
    position: TradingPosition,
    button: HTMLButtonElement,
  ) => {
    opener.current = button;
    closeKey.current = null;
    setFailure(null);
    setAction({ kind, position });
  };

  return (
    <section className="trade-card" aria-labelledby={headingId}>
      <div className="trade-card-head">
        <h2 id={headingId} className="trade-card-title">
          Open positions
        </h2>
        <span className="trade-source">{priceSourceLabel(priceSource)}</span>
      </div>
      {!positions ? (
        <p className="trade-note">Loading positions…</p>
      ) : positions.length === 0 ? (
        <p className="trade-note">No open positions.</p>
      ) : (
        <ul className="trade-rows">
          {positions.map((position) => {
            const pnl = livePnl(position, quotes);
            const label = `${sideText(position.side)} ${position.volume} ${nameOf(position.symbol)}`;
            return (
              <li key={String(position.id)} className="trade-row">
                <h3 className="trade-row-title">{label}</h3>
                <dl className="trade-row-facts">
                  <div>
                    <dt>Open</dt>
                    <dd>{position.openPrice}</dd>
                  </div>
                  <div>
                    <dt>Now</dt>
                    <dd>{currentPrice(position, quotes) ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Stop loss</dt>
                    <dd>{position.sl ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Take profit</dt>
                    <dd>{position.tp ?? '—'}</dd>
                  </div>
                  {position.trailingPoints !== null ? (
                    <div>
                      <dt>Trailing</dt>
                      <dd>{position.trailingPoints} points</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>Margin</dt>
                    <dd>{formatCents(position.marginMinor)}</dd>
                  </div>
                  {position.swapMinor !== 0 ? (
                    <div>
                      <dt>Swap</dt>
                      <dd>{formatCents(position.swapMinor)}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>Profit/loss</dt>
                    <dd className={pnlClass(pnl)} data-testid="position-pnl">
                      {formatCents(pnl)}
                    </dd>
                  </div>
                </dl>
                <div className="trade-row-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Modify ${label}`}
                    onClick={(event) => start('modify', position, event.currentTarget)}
                  >
                    Modify
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Close ${label}`}
                    onClick={(event) => start('close', position, event.currentTarget)}
                  >
                    Close
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {action?.kind === 'modify' ? (
        <StopsDialog
          title={`Modify ${sideText(action.position.side).toLowerCase()} ${nameOf(action.position.symbol)}`}
          symbol={action.position.symbol}
          initial={action.position}
          withPrice={false}
          pending={modify.isPending}
          failure={failure}
          returnFocusRef={opener}
          onClose={() => setAction(null)}
          onSave={(body) =>
            modify.mutate(
              { accountId, positionId: action.position.id, body },
              {
                onSuccess: () => {
                  setAction(null);
                  announce(`${nameOf(action.position.symbol)} position modified.`);
                },
                onError: (error) =>
                  setFailure(actionFailureText(error, 'The change failed. Please try again.')),
              },
            )
          }
        />
      ) : null}
      {action?.kind === 'close' ? (
        <CloseDialog
          position={action.position}
          name={nameOf(action.position.symbol)}
          pnlMinor={livePnl(action.position, quotes)}
          pending={close.isPending}
          failure={failure}
          returnFocusRef={opener}
          onClose={() => setAction(null)}
          onConfirm={(volume) => {
            // One key per confirmed close; a retry after a lost answer reuses it.
            closeKey.current ??= newIdempotencyKey();
            close.mutate(
              {
                accountId,
                positionId: action.position.id,
                volume,
                idempotencyKey: closeKey.current,
              },
              {
                onSuccess: ({ deal }) => {
                  closeKey.current = null;
                  setAction(null);
                  announce(
                    `Closed ${deal.volume} ${nameOf(deal.symbol)} at ${deal.price}: ${formatCents(deal.pnlMinor)}.`,
                  );
                },
                onError: (error) => {
                  const text = actionFailureText(error, 'The close failed. Please try again.');
                  if (!isRetryable(error)) closeKey.current = null;
                  setFailure(text);
                  announce(`Close refused: ${text}`);
                },
              },
            );
          }}
        />
      ) : null}
    </section>
  );
}
