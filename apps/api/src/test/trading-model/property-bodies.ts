// The request bodies, expected views and answer checks of the property test: stops and pending prices from
// distances in tenths of the stops level, decimal strings at each instrument's digits, and the
// §11.19 shapes the model predicts for positions and pending orders.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { modelSpec, writeDecimal, type ModelSpec } from './model-specs.js';
import type { ModelOrder, ModelPosition, Outcome } from './model-types.js';
import type { Action, Distance, PendingLeg } from './property-actions.js';
import type { TradingModel } from './trading-model.js';

/** What the runs did, by action and answer (`market ok`, `pending INVALID_PRICE`, `deal sl`, …). */
export const COVERAGE = new Map<string, number>();
export const count = (what: string, n = 1) =>
  COVERAGE.set(what, (COVERAGE.get(what) ?? 0) + Math.round(n));

export const lots = (centilots: number) => writeDecimal(centilots, 2);
export const iso = (ms: number) => new Date(ms).toISOString();

export function stopPrices(
  spec: ModelSpec,
  side: 'buy' | 'sell',
  reference: number,
  stops: { sl: Distance | null; tp: Distance | null; trailing: Distance | null },
) {
  const below = side === 'buy' ? -1 : 1;
  return {
    sl: stops.sl === null ? null : reference + below * points(spec, stops.sl),
    tp: stops.tp === null ? null : reference - below * points(spec, stops.tp),
    trailing: stops.trailing === null ? null : Math.max(1, points(spec, stops.trailing)),
  };
}

export function patchStops(
  spec: ModelSpec,
  side: 'buy' | 'sell',
  reference: number,
  stops: Partial<Record<'sl' | 'tp' | 'trailing', Distance | 'remove'>>,
): { sl?: number | null; tp?: number | null; trailing?: number | null } {
  const set = (key: 'sl' | 'tp' | 'trailing') => {
    const given = stops[key];
    if (given === undefined) return {};
    if (given === 'remove') return { [key]: null };
    const one = stopPrices(spec, side, reference, {
      sl: null,
      tp: null,
      trailing: null,
      [key]: given,
    });
    return { [key]: one[key] };
  };
  return { ...set('sl'), ...set('tp'), ...set('trailing') };
}

export function httpStops(
  spec: ModelSpec,
  stops: { sl?: number | null; tp?: number | null; trailing?: number | null },
) {
  const body: Record<string, string | number | null> = {};
  if (stops.sl !== undefined)
    body.sl = stops.sl === null ? null : writeDecimal(stops.sl, spec.digits);
  if (stops.tp !== undefined)
    body.tp = stops.tp === null ? null : writeDecimal(stops.tp, spec.digits);
  if (stops.trailing !== undefined) body.trailingPoints = stops.trailing;
  return body;
}

export function positionView(model: TradingModel, p: ModelPosition, id: string | undefined) {
  const spec = modelSpec(p.symbol)!;
  const price = (v: number | null) => (v === null ? null : writeDecimal(v, spec.digits));
  const quote = model.quotes.get(p.symbol)!;
  return {
    id,
    symbol: p.symbol,
    side: p.side,
    volume: lots(p.volume),
    openPrice: price(p.openPrice),
    sl: price(p.sl),
    tp: price(p.tp),
    trailingPoints: p.trailing,
    marginMinor: p.margin,
    swapMinor: p.swap,
    floatingPnlMinor: model.floating(p),
    closePrice: price(p.side === 'buy' ? quote.bid : quote.ask),
  };
}

export function orderView(o: ModelOrder, id: string | undefined) {
  const spec = modelSpec(o.symbol)!;
  const price = (v: number | null) => (v === null ? null : writeDecimal(v, spec.digits));
  return {
    id,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    volume: lots(o.volume),
    price: price(o.price),
    sl: price(o.sl),
    tp: price(o.tp),
    trailingPoints: o.trailing,
    timeInForce: o.timeInForce,
    expiresAt: o.expiresAtMs === null ? null : iso(o.expiresAtMs),
    status: 'pending',
  };
}

export function points(spec: ModelSpec, d: Distance): number {
  return spec.stopsLevel + (d.tenths * spec.stopsLevel) / 10 + d.nudge;
}

/** An order price `d` from the quote on the valid side (or the wrong side when asked). */
export function pendingPrice(
  spec: ModelSpec,
  side: 'buy' | 'sell',
  type: 'limit' | 'stop',
  quote: { bid: number; ask: number },
  d: Distance & { wrongSide: boolean },
): number {
  const reference = side === 'buy' ? quote.ask : quote.bid;
  const up = (side === 'buy') === (type === 'stop') ? 1 : -1;
  return reference + (d.wrongSide ? -up : up) * points(spec, d);
}

export function sortById<T extends { id?: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => Number(a.id) - Number(b.id));
}

/** A pending order as the model takes it and as the API takes it. */
export function pendingBody(model: TradingModel, symbol: string, volume: string, leg: PendingLeg) {
  const spec = modelSpec(symbol)!;
  const quote = model.quotes.get(symbol)!;
  const price = pendingPrice(spec, leg.side, leg.type, quote, leg.price);
  const stops = stopPrices(spec, leg.side, price, leg.stops);
  const expiresAtMs = leg.timeInForce === 'GTD' ? model.now + leg.lifetimeMs : undefined;
  const common = { symbol, side: leg.side, type: leg.type, volume, timeInForce: leg.timeInForce };
  return {
    model: { ...common, price, ...stops, ...(expiresAtMs === undefined ? {} : { expiresAtMs }) },
    http: {
      ...common,
      price: writeDecimal(price, spec.digits),
      ...httpStops(spec, stops),
      ...(expiresAtMs === undefined ? {} : { expiresAt: iso(expiresAtMs) }),
    },
  };
}

/** The API answered as the model predicts: accepted, or refused with one of its codes. */
export function expectOutcome(
  what: string,
  expected: Outcome<unknown>,
  response: LightMyRequestResponse,
): void {
  const body = response.body;
  count(`${what.split(' ').at(-1)} ${expected.ok ? 'ok' : expected.codes.join('|')}`);
  if (expected.ok) {
    expect(
      response.statusCode,
      `${what}: the model accepts; the API answered ${body}`,
    ).toBeLessThan(300);
    return;
  }
  expect(
    response.statusCode,
    `${what}: the model refuses ${expected.codes.join(' or ')}; the API answered ${body}`,
  ).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: never a 500 (${body})`).toBeLessThan(500);
  expect(expected.codes, `${what}: the API refused with ${body}`).toContain(
    response.json<{ code: string }>().code,
  );
}

/** The `pick`-th order an account ever placed (pending or not, so ended ones are tried too). */
export function pickOrder(
  model: TradingModel,
  accountId: number,
  pick: number,
): ModelOrder | undefined {
  const all = [...model.orders.values()].filter(
    (o) => o.accountId === accountId && o.type !== 'market',
  );
  return all.length === 0 ? undefined : all[pick % all.length];
}

/** The `pick`-th position an account ever held (open or closed). */
export function pickPosition(
  model: TradingModel,
  accountId: number,
  pick: number,
): ModelPosition | undefined {
  const all = [...model.positions.values()].filter((p) => p.accountId === accountId);
  return all.length === 0 ? undefined : all[pick % all.length];
}

/**
 * The accounts (by index) a step can change: the one a request names; for a tick or the clock,
 * those holding a position or a pending order (one with neither has nothing a price moves).
 */
export function involvedAccounts(
  model: TradingModel,
  modelAccounts: readonly number[],
  action: Action,
  lastPostAccount: number | undefined,
): number[] {
  if (action.kind === 'transfer') return [2];
  if (action.kind === 'repeat') return lastPostAccount === undefined ? [] : [lastPostAccount];
  if (action.kind !== 'tick' && action.kind !== 'advance' && action.kind !== 'rollover') {
    return [action.account];
  }
  return modelAccounts.flatMap((id, i) =>
    model.openPositions(id).length > 0 || model.pendingOrders(id).length > 0 ? [i] : [],
  );
}
