// docs/product.md §11.17's worked examples, reproduced by the independent model: 1–4 through its
// requests and ticks, 5–7 as figures, levels, stop-out, protection and swap amounts.
import { describe, expect, it } from 'vitest';
import { marginLevelText, swapCents } from './model-money.js';
import { MODEL_SPECS } from './model-specs.js';
import { frac } from './rational.js';
import { TradingModel } from './trading-model.js';
import type { ModelPosition, OrderRequest, Outcome } from './model-types.js';

const TUESDAY = Date.UTC(2026, 2, 3, 8); // 2026-03-03 08:00 UTC
const WEDNESDAY_ROLLOVER = Date.UTC(2026, 2, 4, 21);
const THURSDAY_ROLLOVER = Date.UTC(2026, 2, 5, 21);

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.codes.join(', ')}`);
  return outcome.value;
}

function market(symbol: string, side: 'buy' | 'sell', volume: string): OrderRequest {
  return { symbol, side, type: 'market', volume };
}

function opened(model: TradingModel, accountId: number, request: OrderRequest): ModelPosition {
  const position = value(model.placeOrder(accountId, request)).position;
  if (!position) throw new Error('no position');
  return position;
}

describe('§11.17 worked examples in the independent model', () => {
  it('1: EUR/USD buy 0.10 at 1:200 on a $10,000 demo — margin, spread cost, +15 pips, half closed', () => {
    const model = new TradingModel();
    const demo = model.openAccount('demo', 1_000_000);
    model.tick('EURUSD', 109985, 110015, TUESDAY);
    const position = opened(model, demo.id, market('EURUSD', 'buy', '0.10'));
    expect(position.openPrice).toBe(110015);
    expect(position.margin).toBe(5_501);
    expect(model.floating(position)).toBe(-300);
    expect(model.figures(demo.id)).toMatchObject({
      equity: 999_700,
      usedMargin: 5_501,
      freeMargin: 994_199,
      marginLevel: '18173.05',
    });

    model.tick('EURUSD', 110165, 110195, TUESDAY + 1_000);
    expect(model.floating(position)).toBe(1_500);

    const { deal, position: rest } = value(model.closePosition(demo.id, position.id, '0.05'));
    expect(deal.pnl).toBe(750);
    expect(rest).toMatchObject({ id: position.id, volume: 5, openPrice: 110015, margin: 2_751 });
    expect(model.figures(demo.id).balance).toBe(1_000_750);
  });

  it('2: USD/JPY sell 0.50 — margin through 1/150, close at ask 149.485 converted at mid 149.470', () => {
    const model = new TradingModel();
    const demo = model.openAccount('demo', 1_000_000);
    model.tick('USDJPY', 149985, 150015, TUESDAY);
    const position = opened(model, demo.id, market('USDJPY', 'sell', '0.50'));
    expect(position.openPrice).toBe(149985);
    expect(position.margin).toBe(24_998);

    model.tick('USDJPY', 149455, 149485, TUESDAY + 1_000);
    const { deal } = value(model.closePosition(demo.id, position.id));
    expect(deal.price).toBe(149485);
    expect(deal.pnl).toBe(16_726);
  });

  it('3: XAUUSD buy 0.10 at 1:50 — margin $400.06, $1.00 of price is $10.00', () => {
    const model = new TradingModel();
    const demo = model.openAccount('demo', 1_000_000);
    model.tick('XAUUSD', 199970, 200030, TUESDAY);
    const position = opened(model, demo.id, market('XAUUSD', 'buy', '0.10'));
    expect(position.margin).toBe(40_006);
    model.tick('XAUUSD', 201030, 201090, TUESDAY + 1_000);
    expect(value(model.closePosition(demo.id, position.id)).deal.pnl).toBe(10_000);
  });

  it('4: EUR/GBP buy 1.00 — margin converted through GBP/USD mid 1.27000', () => {
    const model = new TradingModel();
    const demo = model.openAccount('demo', 1_000_000);
    model.tick('GBPUSD', 126985, 127015, TUESDAY);
    model.tick('EURGBP', 84980, 85020, TUESDAY);
    const position = opened(model, demo.id, market('EURGBP', 'buy', '1.00'));
    expect(position.openPrice).toBe(85020);
    expect(position.margin).toBe(53_988);
  });

  it('4: EUR/GBP with no GBP/USD tick yet is MARKET_CLOSED (no conversion)', () => {
    const model = new TradingModel();
    const demo = model.openAccount('demo', 1_000_000);
    model.tick('EURGBP', 84980, 85020, TUESDAY);
    expect(model.placeOrder(demo.id, market('EURGBP', 'buy', '1.00'))).toEqual({
      ok: false,
      codes: ['MARKET_CLOSED'],
    });
  });

  it('5 and 6: stop-out closes the largest loss first, then a gap and negative balance protection', () => {
    const model = new TradingModel({ riskRules: true });
    const live = model.openAccount('live', 100_000);
    model.tick('EURUSD', 109985, 110015, TUESDAY);
    model.tick('GBPUSD', 126985, 127015, TUESDAY);
    const a = opened(model, live.id, market('EURUSD', 'buy', '1.00'));
    const b = opened(model, live.id, market('GBPUSD', 'buy', '0.50'));
    expect([a.openPrice, a.margin, b.openPrice, b.margin]).toEqual([
      110015, 55_008, 127015, 31_754,
    ]);
    expect(model.figures(live.id).usedMargin).toBe(86_762);

    model.tick('GBPUSD', 126715, 126745, TUESDAY + 1_000);
    expect(model.floating(b)).toBe(-15_000);
    expect(model.figures(live.id)).toMatchObject({ marginCall: true, stopOut: false });
    // The arithmetic before the rules act: equity 17,000 ¢, level 19.59%, 5 × 17,000 ≤ 86,762.
    expect(marginLevelText(17_000, 86_762)).toBe('19.59');
    expect(5 * 17_000 <= 86_762).toBe(true);

    model.tick('EURUSD', 109335, 109365, TUESDAY + 2_000);
    expect(a.open).toBe(false);
    expect(model.deals.at(-1)).toMatchObject({
      positionId: a.id,
      price: 109335,
      pnl: -68_000,
      reason: 'stop_out',
    });
    expect(b.open).toBe(true);
    expect(model.figures(live.id)).toMatchObject({
      balance: 32_000,
      equity: 17_000,
      usedMargin: 31_754,
      marginLevel: '53.53',
      marginCall: true,
      stopOut: false,
    });

    const sundayReopen = Date.UTC(2026, 2, 8, 21); // Sunday 21:00 UTC
    model.tick('GBPUSD', 119015, 119045, sundayReopen);
    expect(b.open).toBe(false);
    expect(model.deals.at(-1)).toMatchObject({
      positionId: b.id,
      price: 119015,
      pnl: -400_000,
      reason: 'stop_out',
    });
    expect(live.protections).toEqual([368_000]);
    expect(model.figures(live.id)).toMatchObject({
      balance: 0,
      equity: 0,
      usedMargin: 0,
      marginLevel: null,
    });
  });

  it('7: Wednesday triples the swap, rounded once after the multiplier (Thursday −167, not 3 × −167)', () => {
    const eurusd = MODEL_SPECS.EURUSD!;
    const usdjpy = MODEL_SPECS.USDJPY!;
    const perUsd = frac(1);
    const perYen = frac(1, 150);
    expect(
      swapCents({ spec: eurusd, volume: 100, rateHundredths: -500, multiplier: 3, rate: perUsd }),
    ).toBe(-1_500);
    expect(
      swapCents({ spec: usdjpy, volume: 50, rateHundredths: -500, multiplier: 3, rate: perYen }),
    ).toBe(-500);
    expect(
      swapCents({ spec: usdjpy, volume: 50, rateHundredths: -500, multiplier: 1, rate: perYen }),
    ).toBe(-167);

    const model = new TradingModel();
    const demo = model.openAccount('demo', 1_000_000);
    model.tick('EURUSD', 109985, 110015, TUESDAY);
    model.tick('USDJPY', 149985, 150015, TUESDAY);
    const long = opened(model, demo.id, market('EURUSD', 'buy', '1.00'));
    const short = opened(model, demo.id, market('USDJPY', 'sell', '0.50'));
    model.rollover(WEDNESDAY_ROLLOVER);
    expect([long.swap, short.swap]).toEqual([-1_500, -500]);
    model.rollover(THURSDAY_ROLLOVER);
    expect([long.swap, short.swap]).toEqual([-2_000, -667]);
    expect(model.figures(demo.id).balance).toBe(1_000_000 - 2_000 - 667);
  });
});
