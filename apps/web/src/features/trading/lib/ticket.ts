// The order ticket's checks and body, as pure functions of the form and the live quote. They
// use the shared rules the server applies (§11.8), so a refusal the terminal can foresee is
// shown on its field before anything is sent; the server stays the judge of the rest.
import {
  checkPendingPrice,
  checkStops,
  checkVolume,
  formatLots,
  formatPoints,
  OrderRequestSchema,
  parseLots,
  parsePoints,
  type Rational,
  type TradingSpec,
} from '@brokerdesk/shared/trading';
import type { OrderType, PlaceOcoBody, PlaceOrderBody, Side, TimeInForce } from '../api/types';
import { ticketFigures, type Bidask, type TicketFigures } from './figures';

export interface TicketForm {
  side: Side;
  type: OrderType;
  volume: string;
  price: string;
  sl: string;
  tp: string;
  trailing: string;
  timeInForce: TimeInForce;
  /** `YYYY-MM-DDTHH:mm` from a datetime-local input, read as UTC. */
  expiresAt: string;
  /** A pending order only: pair it with a second one, one cancels the other (§11.8). */
  oco: boolean;
  ocoSide: Side;
  ocoType: 'limit' | 'stop';
  ocoPrice: string;
}

export type TicketField = 'volume' | 'price' | 'sl' | 'tp' | 'trailing' | 'expiresAt' | 'ocoPrice';
const FIELD_KEYS: Record<TicketField, true> = {
  volume: true,
  price: true,
  sl: true,
  tp: true,
  trailing: true,
  expiresAt: true,
  ocoPrice: true,
};

export interface TicketContext {
  spec: TradingSpec;
  leverage: number;
  stopsLevel: number;
  quote: Bidask | null;
  rate: Rational | undefined;
  nowMs: number;
}

export interface TicketCheck {
  errors: Partial<Record<TicketField, string>>;
  body: PlaceOrderBody | PlaceOcoBody | null;
  figures: TicketFigures | null;
}

export const EMPTY_TICKET: TicketForm = {
  side: 'buy',
  type: 'market',
  volume: '0.10',
  price: '',
  sl: '',
  tp: '',
  trailing: '',
  timeInForce: 'GTC',
  expiresAt: '',
  oco: false,
  ocoSide: 'sell',
  ocoType: 'stop',
  ocoPrice: '',
};

/** `2026-12-01T10:30` (UTC) → an ISO instant, or null. */
export function expiresAtIso(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}:00.000Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function pendingPriceMessage(
  side: Side,
  type: 'limit' | 'stop',
  quote: Bidask,
  lv: number,
  digits: number,
): string {
  const f = (points: number) => formatPoints(points, digits);
  if (side === 'buy' && type === 'limit')
    return `A buy limit must be at or below ${f(quote.ask - lv)} (the ask less ${lv} points).`;
  if (side === 'buy')
    return `A buy stop must be at or above ${f(quote.ask + lv)} (the ask plus ${lv} points).`;
  if (type === 'limit')
    return `A sell limit must be at or above ${f(quote.bid + lv)} (the bid plus ${lv} points).`;
  return `A sell stop must be at or below ${f(quote.bid - lv)} (the bid less ${lv} points).`;
}

/**
 * Checks the form; `body` is set only when nothing the terminal can check is wrong. With OCO
 * (pending orders only) the second order shares the first's volume and time in force, has its
 * own side, type and price, and no stops of its own: its price is checked like the first's.
 */
export function checkTicket(form: TicketForm, ctx: TicketContext): TicketCheck {
  const first = checkOne(form, ctx);
  if (!form.oco || form.type === 'market') return first;
  const second = checkOne(
    {
      ...form,
      side: form.ocoSide,
      type: form.ocoType,
      price: form.ocoPrice,
      sl: '',
      tp: '',
      trailing: '',
    },
    ctx,
  );
  const errors = { ...first.errors };
  if (second.errors.price) errors.ocoPrice = second.errors.price;
  if (!first.body || !second.body) return { errors, body: null, figures: first.figures };
  return { errors, body: { oco: true, orders: [first.body, second.body] }, figures: first.figures };
}

/** One order's check: never an OCO pair. */
type OneCheck = TicketCheck & { body: PlaceOrderBody | null };

function checkOne(form: TicketForm, ctx: TicketContext): OneCheck {
  const { spec, stopsLevel: lv, quote } = ctx;
  const digits = spec.digits;
  const errors: TicketCheck['errors'] = {};
  const pending = form.type !== 'market';

  const volume = parseLots(form.volume.trim());
  if (volume === null)
    errors.volume = 'Enter the volume in lots, with at most 2 decimals (e.g. 0.10).';
  else if (!checkVolume(spec, volume))
    errors.volume = `Volume must be from ${formatLots(spec.minVolume)} to ${formatLots(spec.maxVolume)} lots, in steps of ${formatLots(spec.volumeStep)}.`;

  let price: number | null = null;
  if (pending) {
    price = parsePoints(form.price.trim(), digits);
    if (price === null || price <= 0)
      errors.price = `Enter a price with at most ${digits} decimals.`;
    else if (
      quote &&
      form.type !== 'market' &&
      !checkPendingPrice({ side: form.side, type: form.type, price, quote, stopsLevel: lv })
    )
      errors.price = pendingPriceMessage(form.side, form.type, quote, lv, digits);
  }

  // SL/TP are measured from the bid (buy) or ask (sell), or from a pending order's price.
  const reference = pending ? price : quote ? (form.side === 'buy' ? quote.bid : quote.ask) : null;
  const f = (points: number) => formatPoints(points, digits);
  const stop = (text: string, field: 'sl' | 'tp'): number | null => {
    if (text.trim() === '') return null;
    const points = parsePoints(text.trim(), digits);
    if (points === null || points <= 0) {
      errors[field] = `Enter a price with at most ${digits} decimals, or leave it empty.`;
      return null;
    }
    if (reference === null || errors.price) return points;
    const ok = checkStops({
      side: form.side,
      reference,
      sl: field === 'sl' ? points : null,
      tp: field === 'tp' ? points : null,
      trailingPoints: null,
      stopsLevel: lv,
    });
    if (!ok) {
      const below = (field === 'sl') === (form.side === 'buy');
      errors[field] = below
        ? `${field === 'sl' ? 'The stop loss' : 'The take profit'} must be at or below ${f(reference - lv)}.`
        : `${field === 'sl' ? 'The stop loss' : 'The take profit'} must be at or above ${f(reference + lv)}.`;
    }
    return points;
  };
  const sl = stop(form.sl, 'sl');
  const tp = stop(form.tp, 'tp');

  let trailing: number | null = null;
  if (form.trailing.trim() !== '') {
    const text = form.trailing.trim();
    trailing = /^\d{1,9}$/.test(text) ? Number(text) : null;
    if (trailing === null || trailing < lv)
      errors.trailing = `The trailing distance is a whole number of points, at least ${lv}.`;
  }

  let expiresAt: string | null = null;
  if (pending && form.timeInForce === 'GTD') {
    expiresAt = expiresAtIso(form.expiresAt);
    if (expiresAt === null) errors.expiresAt = 'Choose when the order expires (UTC).';
    else if (Date.parse(expiresAt) <= ctx.nowMs)
      errors.expiresAt = 'The expiry must be in the future.';
  }

  const figures =
    volume !== null &&
    !errors.volume &&
    quote &&
    ctx.rate &&
    (!pending || (price !== null && !errors.price))
      ? ticketFigures({
          spec,
          leverage: ctx.leverage,
          side: form.side,
          volume,
          price: pending ? (price ?? undefined) : undefined,
          quote,
          rate: ctx.rate,
        })
      : null;

  if (Object.keys(errors).length > 0 || volume === null) return { errors, body: null, figures };

  const body: PlaceOrderBody = {
    symbol: spec.symbol,
    side: form.side,
    type: form.type,
    volume: formatLots(volume),
  };
  if (pending && price !== null) {
    body.price = formatPoints(price, digits);
    body.timeInForce = form.timeInForce;
    if (expiresAt) body.expiresAt = expiresAt;
  }
  if (sl !== null) body.sl = formatPoints(sl, digits);
  if (tp !== null) body.tp = formatPoints(tp, digits);
  if (trailing !== null) body.trailingPoints = trailing;
  // The server's own schema for the body, as the last word before sending.
  const parsed = OrderRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'trailingPoints' ? 'trailing' : issue.path[0];
      if (typeof key === 'string' && key in FIELD_KEYS)
        errors[key as TicketField] ??= issue.message;
      else errors.volume ??= issue.message;
    }
    return { errors, body: null, figures };
  }
  return { errors, body, figures };
}
