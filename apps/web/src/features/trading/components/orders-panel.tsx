import { useId, useRef, useState } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { actionFailureText } from '../../../components/ui/failure-text';
import { useCancelOrder, useModifyOrder } from '../api/trade-actions';
import type { Id, TradingOrder } from '../api/types';
import { sideText } from '../../../lib/deal-text';
import { StopsDialog } from './stops-dialog';

const TIF_TEXT: Record<string, string> = {
  GTC: 'Good till cancelled',
  DAY: 'Until 21:00 UTC',
  GTD: 'Until',
};

/** Pending orders: modify price/SL/TP/trailing, or cancel (always allowed, §11.8). */
export function OrdersPanel({
  accountId,
  orders,
  names,
  announce,
}: {
  accountId: Id;
  orders: readonly TradingOrder[] | undefined;
  names: ReadonlyMap<string, string>;
  announce: (text: string) => void;
}) {
  const headingId = useId();
  const [editing, setEditing] = useState<TradingOrder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const modify = useModifyOrder();
  const cancel = useCancelOrder();
  const nameOf = (symbol: string) => names.get(symbol) ?? symbol;

  return (
    <section className="trade-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="trade-card-title">
        Pending orders
      </h2>
      {!orders ? (
        <p className="trade-note">Loading orders…</p>
      ) : orders.length === 0 ? (
        <p className="trade-note">No pending orders.</p>
      ) : (
        <ul className="trade-rows">
          {orders.map((order) => {
            const label = `${sideText(order.side)} ${order.type} ${order.volume} ${nameOf(order.symbol)}`;
            return (
              <li key={String(order.id)} className="trade-row">
                <h3 className="trade-row-title">
                  {label} at {order.price}
                  {order.ocoGroupId !== null ? ' (one cancels the other)' : ''}
                </h3>
                <dl className="trade-row-facts">
                  <div>
                    <dt>Stop loss</dt>
                    <dd>{order.sl ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Take profit</dt>
                    <dd>{order.tp ?? '—'}</dd>
                  </div>
                  {order.trailingPoints !== null ? (
                    <div>
                      <dt>Trailing</dt>
                      <dd>{order.trailingPoints} points</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>Expires</dt>
                    <dd>
                      {TIF_TEXT[order.timeInForce ?? 'GTC'] ?? order.timeInForce}
                      {order.expiresAt && order.timeInForce === 'GTD' ? (
                        <>
                          {' '}
                          <DateTime value={order.expiresAt} withTime />
                        </>
                      ) : null}
                    </dd>
                  </div>
                </dl>
                <div className="trade-row-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Modify ${label}`}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setFailure(null);
                      setEditing(order);
                    }}
                  >
                    Modify
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Cancel ${label}`}
                    disabled={cancel.isPending}
                    onClick={() =>
                      cancel.mutate(
                        { accountId, orderId: order.id },
                        {
                          onSuccess: () => announce(`${label} cancelled.`),
                          onError: (error) =>
                            announce(
                              `Cancel refused: ${actionFailureText(error, 'please try again.')}`,
                            ),
                        },
                      )
                    }
                  >
                    Cancel order
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <StopsDialog
          title={`Modify ${sideText(editing.side).toLowerCase()} ${editing.type} ${nameOf(editing.symbol)}`}
          symbol={editing.symbol}
          initial={editing}
          withPrice
          pending={modify.isPending}
          failure={failure}
          returnFocusRef={opener}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            modify.mutate(
              { accountId, orderId: editing.id, body },
              {
                onSuccess: () => {
                  setEditing(null);
                  announce('Order modified.');
                },
                onError: (error) =>
                  setFailure(actionFailureText(error, 'The change failed. Please try again.')),
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
