import { formatCents } from '@brokerdesk/shared';
import { TRADING_MESSAGES, findSpec, formatPoints, parseLots } from '@brokerdesk/shared/trading';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useIntentKey } from '../../../lib/use-intent-key';
import { usePlaceOrder } from '../api/trade-actions';
import type {
  Id,
  OrderType,
  PlaceOrderResult,
  Side,
  TimeInForce,
  TradingInstrument,
} from '../api/types';
import type { LiveQuote } from '../hooks/use-quote-stream';
import { quotePoints, rateFor } from '../lib/figures';
import { priceSourceLabel } from '../../../lib/price-source';
import { sideText } from '../../../lib/deal-text';
import { checkTicket, EMPTY_TICKET, type TicketField, type TicketForm } from '../lib/ticket';

export interface OrderTicketProps {
  accountId: Id | null;
  symbol: string;
  instrument: TradingInstrument | undefined;
  quotes: ReadonlyMap<string, LiveQuote>;
  priceSource: string | undefined;
  /** Fills and refusals, for the page's polite live region. */
  announce: (text: string) => void;
  /** Injected by tests; the clock for GTD expiries. */
  now?: () => number;
}

function describeResult(result: PlaceOrderResult, name: string): string {
  const position = result.position;
  if (position)
    return `${position.side === 'buy' ? 'Bought' : 'Sold'} ${position.volume} ${name} at ${position.openPrice}.`;
  const [order, partner] = result.orders;
  if (!order) return 'Order placed.';
  const placed = `${sideText(order.side)} ${order.type} ${order.volume} ${name} at ${order.price ?? ''}`;
  if (!partner) return `${placed} placed.`;
  return `${placed} and ${sideText(partner.side).toLowerCase()} ${partner.type} at ${partner.price ?? ''} placed: when one fills, the other is cancelled.`;
}

/**
 * The order ticket (§11.8): side, volume, type, price, SL/TP, trailing and time in force, with
 * the margin and the spread cost shown before sending (the shared rules, at the live quote).
 * Each press of Buy/Sell carries its own Idempotency-Key, reused only if that press is retried.
 */
export function OrderTicket({
  accountId,
  symbol,
  instrument,
  quotes,
  priceSource,
  announce,
  now = Date.now,
}: OrderTicketProps) {
  const headingId = useId();
  const [form, setForm] = useState<TicketForm>(EMPTY_TICKET);
  const [shown, setShown] = useState<Partial<Record<TicketField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const place = usePlaceOrder();
  const intent = useIntentKey();

  const catalogue = findSpec(symbol);
  // The desk may lower the maximum volume (decision 130): the list's value is the one in force.
  const maxVolume = instrument ? parseLots(instrument.maxVolume) : null;
  const spec = useMemo(
    () => (catalogue && maxVolume !== null ? { ...catalogue, maxVolume } : catalogue),
    [catalogue, maxVolume],
  );
  const name = instrument?.displayName ?? spec?.displayName ?? symbol;
  const quote = spec ? quotePoints(quotes.get(symbol), spec.digits) : null;
  const rate = spec ? rateFor(spec, quotes) : undefined;
  const check = useMemo(
    () =>
      spec
        ? checkTicket(form, {
            spec,
            leverage: instrument?.leverage ?? spec.leverage,
            stopsLevel: instrument?.stopsLevelPoints ?? spec.stopsLevelPoints,
            quote,
            rate,
            nowMs: now(),
          })
        : null,
    // `quote` and `rate` are fresh objects per render; their values are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, spec, instrument, quote?.bid, quote?.ask, rate?.num, rate?.den],
  );

  const set = <K extends keyof TicketForm>(key: K, value: TicketForm[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setShown((previous) => ({
      ...previous,
      [key === 'timeInForce' ? 'expiresAt' : key]: undefined,
      // The second order's price is checked against the first's side and type too.
      ...(key === 'ocoSide' || key === 'ocoType' ? { ocoPrice: undefined } : {}),
    }));
    setFailure(null);
  };

  const closed = instrument ? !instrument.open : false;
  const disabled = instrument ? !instrument.tradingEnabled : false;
  const blocked =
    accountId === null
      ? 'Open a demo or live account to trade.'
      : disabled
        ? `${name}: ${TRADING_MESSAGES.instrumentDisabled}`
        : closed
          ? `The ${name} market is closed: orders can be placed when it opens.`
          : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check || accountId === null || place.isPending) return;
    setShown(check.errors);
    if (!check.body) {
      const first = Object.keys(check.errors)[0];
      if (first) document.getElementById(`${headingId}-${first}`)?.focus();
      return;
    }
    const body = check.body;
    setFailure(null);
    place.mutate(
      { accountId, body, idempotencyKey: intent.keyFor(JSON.stringify({ accountId, body })) },
      {
        onSuccess: (result) => {
          intent.settle();
          announce(describeResult(result, name));
        },
        onError: (error) => {
          intent.settle(error);
          const text = actionFailureText(error, 'The order could not be sent. Please try again.');
          setFailure(text);
          announce(`Order refused: ${text}`);
        },
      },
    );
  };

  const pending = form.type !== 'market';
  const fieldId = (field: TicketField) => `${headingId}-${field}`;
  const digits = spec?.digits ?? 5;

  return (
    <section className="trade-card trade-ticket" aria-labelledby={headingId}>
      <h2 id={headingId} className="trade-card-title">
        New order: {name}
      </h2>
      <p className="trade-quote-line">
        <span>
          Bid <strong>{quote ? formatPoints(quote.bid, digits) : '—'}</strong>
        </span>{' '}
        <span>
          Ask <strong>{quote ? formatPoints(quote.ask, digits) : '—'}</strong>
        </span>{' '}
        <span className="trade-source">{priceSourceLabel(priceSource)}</span>
      </p>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className="trade-side">
          <legend>Side</legend>
          {(['buy', 'sell'] as const).map((side: Side) => (
            <label key={side} className={`trade-side-option trade-side-option--${side}`}>
              <input
                type="radio"
                name={`${headingId}-side`}
                value={side}
                checked={form.side === side}
                onChange={() => set('side', side)}
              />
              {sideText(side)}
            </label>
          ))}
        </fieldset>
        <div className="trade-fields">
          <TextField
            id={fieldId('volume')}
            label="Volume (lots)"
            inputMode="decimal"
            autoComplete="off"
            value={form.volume}
            error={shown.volume}
            onChange={(event) => set('volume', event.target.value)}
          />
          <SelectField
            label="Order type"
            value={form.type}
            onChange={(event) => set('type', event.target.value as OrderType)}
          >
            <option value="market">Market</option>
            <option value="limit">Limit</option>
            <option value="stop">Stop</option>
          </SelectField>
          {pending ? (
            <TextField
              id={fieldId('price')}
              label="Price"
              inputMode="decimal"
              autoComplete="off"
              value={form.price}
              error={shown.price}
              onChange={(event) => set('price', event.target.value)}
            />
          ) : null}
          <TextField
            id={fieldId('sl')}
            label="Stop loss (optional)"
            inputMode="decimal"
            autoComplete="off"
            value={form.sl}
            error={shown.sl}
            onChange={(event) => set('sl', event.target.value)}
          />
          <TextField
            id={fieldId('tp')}
            label="Take profit (optional)"
            inputMode="decimal"
            autoComplete="off"
            value={form.tp}
            error={shown.tp}
            onChange={(event) => set('tp', event.target.value)}
          />
          <TextField
            id={fieldId('trailing')}
            label="Trailing stop, points (optional)"
            inputMode="numeric"
            autoComplete="off"
            value={form.trailing}
            error={shown.trailing}
            onChange={(event) => set('trailing', event.target.value)}
          />
          {pending ? (
            <SelectField
              label="Time in force"
              value={form.timeInForce}
              onChange={(event) => set('timeInForce', event.target.value as TimeInForce)}
            >
              <option value="GTC">Good till cancelled</option>
              <option value="DAY">Day (until 21:00 UTC)</option>
              <option value="GTD">Good till date</option>
            </SelectField>
          ) : null}
          {pending && form.timeInForce === 'GTD' ? (
            <TextField
              id={fieldId('expiresAt')}
              label="Expires (UTC)"
              type="datetime-local"
              value={form.expiresAt}
              error={shown.expiresAt}
              onChange={(event) => set('expiresAt', event.target.value)}
            />
          ) : null}
        </div>
        {pending ? (
          <label className="trade-oco-toggle">
            <input
              type="checkbox"
              checked={form.oco}
              onChange={(event) => set('oco', event.target.checked)}
            />
            Add a second order: one cancels the other (OCO)
          </label>
        ) : null}
        {pending && form.oco ? (
          <fieldset className="trade-oco">
            <legend>Second order</legend>
            <p className="trade-note">
              Same volume and time in force. When either order fills, the other is cancelled. Stops
              for it can be set once it has filled.
            </p>
            <div className="trade-fields">
              <SelectField
                label="Second order side"
                value={form.ocoSide}
                onChange={(event) => set('ocoSide', event.target.value as Side)}
              >
                <option value="buy">Buy</option>
                <option value="sell">Sell</option>
              </SelectField>
              <SelectField
                label="Second order type"
                value={form.ocoType}
                onChange={(event) => set('ocoType', event.target.value as 'limit' | 'stop')}
              >
                <option value="limit">Limit</option>
                <option value="stop">Stop</option>
              </SelectField>
              <TextField
                id={fieldId('ocoPrice')}
                label="Second order price"
                inputMode="decimal"
                autoComplete="off"
                value={form.ocoPrice}
                error={shown.ocoPrice}
                onChange={(event) => set('ocoPrice', event.target.value)}
              />
            </div>
          </fieldset>
        ) : null}
        <dl className="trade-figures" aria-live="off">
          <div>
            <dt>Leverage</dt>
            <dd>{spec ? `1:${instrument?.leverage ?? spec.leverage}` : '—'}</dd>
          </div>
          <div>
            <dt>Margin required</dt>
            <dd>{check?.figures ? formatCents(check.figures.marginMinor) : '—'}</dd>
          </div>
          <div>
            <dt>Spread cost</dt>
            <dd>{check?.figures ? formatCents(check.figures.spreadCostMinor) : '—'}</dd>
          </div>
        </dl>
        {blocked ? <p className="trade-note">{blocked}</p> : null}
        <p role="alert" className="form-error">
          {failure ?? ''}
        </p>
        <button
          type="submit"
          className={`button button--block trade-submit trade-submit--${form.side}`}
          disabled={blocked !== null || place.isPending}
        >
          {place.isPending
            ? 'Sending…'
            : `${sideText(form.side)} ${form.volume.trim() || '?'} ${name}${pending ? ` ${form.type}` : ''}${pending && form.oco ? ` + ${form.ocoSide} ${form.ocoType} (OCO)` : ''}`}
        </button>
      </form>
    </section>
  );
}
