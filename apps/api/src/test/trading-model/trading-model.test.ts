// The model's own rules, one behaviour at a time, so a disagreement with the engine can be read
// against a small, checked statement of docs/product.md §11.8–§11.11.
import { describe, expect, it } from 'vitest';
import { TradingModel } from './trading-model.js';
import type { OrderRequest, Outcome } from './model-types.js';

const T0 = Date.UTC(2026, 2, 3, 8); // Tuesday 08:00 UTC

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.codes.join(', ')}`);
  return outcome.value;
}

function setup(balance = 1_000_000) {
  const model = new TradingModel();
  const account = model.openAccount('demo', balance);
  model.tick('EURUSD', 109985, 110015, T0); // spread 30, Lv 30
  return { model, id: account.id };
}

const order = (over: Partial<OrderRequest>): OrderRequest => ({
  symbol: 'EURUSD',
  side: 'buy',
  type: 'market',
  volume: '0.10',
  ...over,
});

describe('trading model: refusals in §11.11 order', () => {
  it('answers the first failing check', () => {
    const { model, id } = setup();
    const codes = (r: OrderRequest) => {
      const outcome = model.placeOrder(id, r);
      return outcome.ok ? 'ok' : outcome.codes.join('|');
    };
    expect(codes(order({ volume: '0.101' }))).toBe('VALIDATION_FAILED');
    expect(codes(order({ symbol: 'EURXYZ', volume: '0.00' }))).toBe('UNKNOWN_INSTRUMENT');
    expect(codes(order({ symbol: 'GBPUSD', volume: '0.00' }))).toBe('MARKET_CLOSED');
    expect(codes(order({ volume: '50.01', sl: 1 }))).toBe('INVALID_VOLUME');
    expect(codes(order({ type: 'limit', price: 109986, sl: 109985 }))).toBe('INVALID_PRICE');
    expect(codes(order({ type: 'limit', price: 109985, sl: 109956 }))).toBe('INVALID_STOPS');
    expect(codes(order({ type: 'limit', price: 109985, sl: 109955, tp: 110015 }))).toBe('ok');
    expect(codes(order({ sl: 109956 }))).toBe('INVALID_STOPS'); // market: reference is the bid
    expect(codes(order({ trailing: 29 }))).toBe('INVALID_STOPS');
    expect(codes(order({ volume: '50.00' }))).toBe('INSUFFICIENT_MARGIN');
  });

  it('a quote older than 60 s makes the market closed; a newer tick reopens it', () => {
    const { model, id } = setup();
    model.tick('USDJPY', 149985, 150015, T0 + 60_001);
    expect(model.placeOrder(id, order({}))).toEqual({ ok: false, codes: ['MARKET_CLOSED'] });
    model.tick('EURUSD', 109985, 110015, T0 + 60_001);
    expect(model.placeOrder(id, order({})).ok).toBe(true);
  });

  it('the margin check counts the spread: free margin after the fill must stay above zero', () => {
    // 1.00 lot: margin 55,008 ¢, spread cost 3,000 ¢ → needs balance > 58,008 ¢.
    expect(setup(58_008).model.placeOrder(1, order({ volume: '1.00' })).ok).toBe(false);
    expect(setup(58_009).model.placeOrder(1, order({ volume: '1.00' })).ok).toBe(true);
  });
});

describe('trading model: pending orders, stops and OCO', () => {
  it('a limit fills at the better price of a gap, a stop at the worse', () => {
    const { model, id } = setup();
    const limit = value(model.placeOrder(id, order({ type: 'limit', price: 109900 }))).orders[0]!;
    const stop = value(model.placeOrder(id, order({ side: 'sell', type: 'stop', price: 109900 })))
      .orders[0]!;
    model.tick('EURUSD', 109770, 109800, T0 + 1_000);
    expect([limit.status, stop.status]).toEqual(['filled', 'filled']);
    const fills = model.deals.filter((d) => d.entry === 'in').map((d) => d.price);
    expect(fills).toEqual([109800, 109770]);
  });

  it('OCO: when both legs trigger on one tick the lower id fills and the other is cancelled', () => {
    const { model, id } = setup();
    const leg = (price: number): OrderRequest => order({ type: 'limit', price });
    const [a, b] = value(model.placeOco(id, [leg(109950), leg(109900)])).orders;
    model.tick('EURUSD', 109850, 109880, T0 + 1_000);
    expect([a!.status, b!.status]).toEqual(['filled', 'cancelled']);
    expect(model.openPositions(id)).toHaveLength(1);
  });

  it('OCO: both legs are refused when one is invalid', () => {
    const { model, id } = setup();
    const outcome = model.placeOco(id, [
      order({ type: 'limit', price: 109950 }),
      order({ type: 'limit', price: 110000 }),
    ]);
    expect(outcome).toEqual({ ok: false, codes: ['INVALID_PRICE'] });
    expect(model.pendingOrders(id)).toHaveLength(0);
  });

  it('a margin rejection at the trigger leaves the OCO partner pending and unlinked', () => {
    const { model, id } = setup(60_000);
    const [big, small] = value(
      model.placeOco(id, [
        order({ type: 'limit', price: 109950, volume: '1.00' }),
        order({ type: 'stop', price: 110100, volume: '0.01' }),
      ]),
    ).orders;
    value(model.placeOrder(id, order({ volume: '0.05' }))); // uses 2,751 ¢ of margin
    model.tick('EURUSD', 109920, 109950, T0 + 1_000);
    expect([big!.status, small!.status]).toEqual(['rejected', 'pending']);
    expect(small!.ocoPartner).toBeNull();
  });

  it('the trailing stop only moves in profit and closes with reason sl', () => {
    const { model, id } = setup();
    const position = value(model.placeOrder(id, order({ trailing: 50 }))).position!;
    expect(position.sl).toBe(109935);
    model.tick('EURUSD', 110085, 110115, T0 + 1_000);
    expect(position.sl).toBe(110035);
    model.tick('EURUSD', 110045, 110075, T0 + 2_000);
    expect(position.sl).toBe(110035);
    model.tick('EURUSD', 110035, 110065, T0 + 3_000);
    expect(position.open).toBe(false);
    expect(model.deals.at(-1)).toMatchObject({ reason: 'sl', price: 110035, pnl: 200 });
  });

  it('a pending fill whose SL is gapped through closes on the same tick', () => {
    const { model, id } = setup();
    value(model.placeOrder(id, order({ type: 'stop', price: 110100, sl: 110050 })));
    model.tick('EURUSD', 110000, 110030, T0 + 1_000); // below the stop: nothing
    model.tick('EURUSD', 110040, 110110, T0 + 2_000); // ask ≥ 110100 fills; bid ≤ SL closes
    expect(model.deals.map((d) => [d.entry, d.price, d.reason])).toEqual([
      ['in', 110110, 'fill'],
      ['out', 110040, 'sl'],
    ]);
  });
});

describe('trading model: closes and transfers', () => {
  it('a partial close must leave nothing or at least the minimum', () => {
    const { model, id } = setup();
    const position = value(model.placeOrder(id, order({}))).position!;
    expect(model.closePosition(id, position.id, '0.11')).toEqual({
      ok: false,
      codes: ['INVALID_VOLUME'],
    });
    expect(model.closePosition(id, position.id, '0.00')).toEqual({
      ok: false,
      codes: ['INVALID_VOLUME'],
    });
    expect(model.closePosition(id, position.id, '0.09').ok).toBe(true);
    expect(model.closePosition(id, position.id, '0.01').ok).toBe(true);
    expect(model.closePosition(id, position.id)).toEqual({ ok: false, codes: ['ALREADY_CLOSED'] });
    expect(model.closePosition(id, 999)).toEqual({ ok: false, codes: ['ORDER_NOT_FOUND'] });
  });

  it('a transfer out is limited by the balance and by free margin', () => {
    const model = new TradingModel();
    const live = model.openAccount('live', 0, 100_000);
    model.tick('EURUSD', 109985, 110015, T0);
    expect(model.transfer(live.id, 'in', 100_001)).toEqual({
      ok: false,
      codes: ['INSUFFICIENT_FUNDS'],
    });
    value(model.transfer(live.id, 'in', 100_000));
    value(model.placeOrder(live.id, order({}))); // margin 5,501, floating −300
    expect(model.figures(live.id).withdrawable).toBe(94_199);
    expect(model.transfer(live.id, 'out', 94_200)).toEqual({
      ok: false,
      codes: ['INSUFFICIENT_MARGIN'],
    });
    value(model.transfer(live.id, 'out', 94_199));
    expect(model.figures(live.id)).toMatchObject({
      balance: 5_801,
      freeMargin: 0,
      marginCall: true,
    });
    expect(live.wallet).toBe(94_199);
  });
});
