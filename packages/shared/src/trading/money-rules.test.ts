// docs/product.md §11.17's worked examples, figure by figure.
import { describe, expect, it } from 'vitest';
import { accountFigures } from './figures.js';
import {
  conversionRate,
  conversionSymbols,
  marginMinor,
  midOf,
  pnlMinor,
  swapMinor,
  swapMultiplier,
} from './money-rules.js';
import { checkPartialClose } from './order-rules.js';
import { rational, type Rational } from './rational.js';
import { findSpec, type TradingSpec } from './specs.js';

function spec(symbol: string): TradingSpec {
  const found = findSpec(symbol);
  if (!found) throw new Error(`no spec ${symbol}`);
  return found;
}

/** A latestMid lookup from fixed quotes in points. */
function mids(quotes: Record<string, [bid: number, ask: number]>) {
  return (symbol: string): Rational | undefined => {
    const q = quotes[symbol];
    return q ? midOf(q[0], q[1]) : undefined;
  };
}

function rate(quote: string, quotes: Record<string, [number, number]>): Rational {
  const r = conversionRate(quote, mids(quotes));
  if (!r) throw new Error(`no rate for ${quote}`);
  return r;
}

const ONE = rational(1);

describe('§11.17 example 1: EUR/USD buy 0.10 lot at 1:200 on a $10,000.00 demo', () => {
  const eurusd = spec('EURUSD');
  const open = { spec: eurusd, side: 'buy' as const, volume: 10, openPrice: 110015, rate: ONE };

  it('margins 5,501 ¢ and shows −300 ¢ (the spread) at once', () => {
    expect(marginMinor({ ...open, leverage: 200 })).toBe(5501);
    const pnl = pnlMinor({ ...open, closePrice: 109985 });
    expect(pnl).toBe(-300);
    expect(
      accountFigures({
        balanceMinor: 1_000_000,
        positions: [{ marginMinor: 5501, floatingPnlMinor: pnl }],
      }),
    ).toEqual({
      equityMinor: 999_700,
      usedMarginMinor: 5501,
      freeMarginMinor: 994_199,
      marginLevel: '18173.05',
      withdrawableMinor: 994_199,
      marginCall: false,
      stopOut: false,
    });
  });

  it('gains 1,500 ¢ at +15 pips; half closed there realises 750 ¢ and the rest margins 2,751 ¢', () => {
    expect(pnlMinor({ ...open, closePrice: 110165 })).toBe(1500);
    expect(checkPartialClose(eurusd, 10, 5)).toBe(true);
    expect(pnlMinor({ ...open, volume: 5, closePrice: 110165 })).toBe(750);
    expect(marginMinor({ ...open, volume: 5, leverage: 200 })).toBe(2751);
  });
});

describe('§11.17 example 2: USD/JPY sell 0.50 lot (digits 3)', () => {
  const usdjpy = spec('USDJPY');

  it('converts through 1/mid(USD/JPY): margin 24,998 ¢, P/L 16,726 ¢', () => {
    const rOpen = rate('JPY', { USDJPY: [149985, 150015] });
    expect(rOpen).toEqual(rational(1, 150));
    expect(
      marginMinor({ spec: usdjpy, volume: 50, openPrice: 149985, rate: rOpen, leverage: 200 }),
    ).toBe(24_998);
    const rClose = rate('JPY', { USDJPY: [149455, 149485] });
    expect(
      pnlMinor({
        spec: usdjpy,
        side: 'sell',
        volume: 50,
        openPrice: 149985,
        closePrice: 149485,
        rate: rClose,
      }),
    ).toBe(16_726);
  });
});

describe('§11.17 example 3: XAUUSD buy 0.10 lot at 1:50', () => {
  it('margins 40,006 ¢ and $1.00 of price is $10.00', () => {
    const xau = spec('XAUUSD');
    const a = { spec: xau, volume: 10, openPrice: 200030, rate: ONE };
    expect(marginMinor({ ...a, leverage: 50 })).toBe(40_006);
    expect(pnlMinor({ ...a, side: 'buy', closePrice: 201030 })).toBe(10_000);
    expect(pnlMinor({ ...a, side: 'buy', closePrice: 200130 })).toBe(1_000);
  });
});

describe('§11.17 example 4 and §11.6: conversion of crosses', () => {
  it('EUR/GBP converts through GBP/USD: margin 53,988 ¢', () => {
    expect(conversionSymbols('GBP')).toEqual(['GBPUSD']);
    const r = rate('GBP', { GBPUSD: [126985, 127015] });
    expect(r).toEqual(rational(127, 100));
    expect(
      marginMinor({ spec: spec('EURGBP'), volume: 100, openPrice: 85020, rate: r, leverage: 200 }),
    ).toBe(53_988);
  });

  it('EUR/JPY divides by mid(USD/JPY); XAUEUR multiplies by mid(EUR/USD)', () => {
    expect(conversionSymbols('JPY')).toEqual(['USDJPY']);
    expect(rate('JPY', { USDJPY: [109887, 109900] })).toEqual(rational(2000, 219787));
    expect(conversionSymbols('EUR')).toEqual(['EURUSD']);
    const r = rate('EUR', { EURUSD: [109995, 110005] });
    expect(r).toEqual(rational(11, 10));
    // 0.10 lot of gold at 1,800.00 EUR is 18,000 EUR = $19,800; at 1:50, $396.00.
    expect(
      marginMinor({ spec: spec('XAUEUR'), volume: 10, openPrice: 180000, rate: r, leverage: 50 }),
    ).toBe(39_600);
  });

  it('is 1 for USD and undefined when the conversion pair has no tick', () => {
    expect(conversionSymbols('USD')).toEqual([]);
    expect(conversionRate('USD', () => undefined)).toEqual(ONE);
    expect(conversionRate('CHF', mids({ EURUSD: [1, 2] }))).toBeUndefined();
    expect(conversionRate('XYZ', mids({}))).toBeUndefined();
  });
});

describe('§11.17 examples 5 and 6: stop-out with two positions, then a gap', () => {
  const eurusd = spec('EURUSD');
  const gbpusd = spec('GBPUSD');
  const a = { spec: eurusd, side: 'buy' as const, volume: 100, openPrice: 110015, rate: ONE };
  const b = { spec: gbpusd, side: 'buy' as const, volume: 50, openPrice: 127015, rate: ONE };

  it('margins 55,008 + 31,754 = 86,762 ¢', () => {
    expect(marginMinor({ ...a, leverage: 200 })).toBe(55_008);
    expect(marginMinor({ ...b, leverage: 200 })).toBe(31_754);
  });

  it('stops out at equity 17,000 ¢ (19.59%), closing A leaves 53.53%: still a margin call', () => {
    const pnlA = pnlMinor({ ...a, closePrice: 109335 });
    const pnlB = pnlMinor({ ...b, closePrice: 126715 });
    expect([pnlA, pnlB]).toEqual([-68_000, -15_000]);
    const before = accountFigures({
      balanceMinor: 100_000,
      positions: [
        { marginMinor: 55_008, floatingPnlMinor: pnlA },
        { marginMinor: 31_754, floatingPnlMinor: pnlB },
      ],
    });
    expect(before).toMatchObject({
      equityMinor: 17_000,
      usedMarginMinor: 86_762,
      marginLevel: '19.59',
    });
    expect([before.marginCall, before.stopOut]).toEqual([true, true]);
    const after = accountFigures({
      balanceMinor: 100_000 + pnlA,
      positions: [{ marginMinor: 31_754, floatingPnlMinor: pnlB }],
    });
    expect(after).toMatchObject({
      equityMinor: 17_000,
      marginLevel: '53.53',
      withdrawableMinor: 0,
    });
    expect([after.marginCall, after.stopOut]).toEqual([true, false]);
  });

  it('a gap to 1.19015 loses 400,000 ¢ on B and leaves a flat account at −368,000 ¢', () => {
    const pnlB = pnlMinor({ ...b, closePrice: 119015 });
    expect(pnlB).toBe(-400_000);
    const open = accountFigures({
      balanceMinor: 32_000,
      positions: [{ marginMinor: 31_754, floatingPnlMinor: pnlB }],
    });
    expect(open).toMatchObject({ equityMinor: -368_000, marginLevel: '-1158.90', stopOut: true });
    const flat = accountFigures({ balanceMinor: 32_000 + pnlB, positions: [] });
    expect(flat).toEqual({
      equityMinor: -368_000,
      usedMarginMinor: 0,
      freeMarginMinor: -368_000,
      marginLevel: null,
      withdrawableMinor: 0,
      marginCall: false,
      stopOut: false,
    });
  });
});

describe('§11.12 thresholds are inclusive', () => {
  it('margin call at exactly 100% and stop-out at exactly 20%', () => {
    const at = (equity: number) =>
      accountFigures({
        balanceMinor: equity,
        positions: [{ marginMinor: 1000, floatingPnlMinor: 0 }],
      });
    expect(at(1000)).toMatchObject({ marginLevel: '100.00', marginCall: true, stopOut: false });
    expect(at(1001).marginCall).toBe(false);
    expect(at(200)).toMatchObject({ marginLevel: '20.00', stopOut: true });
    expect(at(201).stopOut).toBe(false);
  });
});

describe('§11.17 example 7: Wednesday triple swap', () => {
  const wednesday = Date.parse('2026-12-02T21:00:00Z');
  const thursday = Date.parse('2026-12-03T21:00:00Z');

  it('multiplies by 3 on a Wednesday rollover only', () => {
    expect(swapMultiplier(wednesday)).toBe(3);
    expect(swapMultiplier(thursday)).toBe(1);
    expect(swapMultiplier(Date.parse('2026-11-30T21:00:00Z'))).toBe(1);
  });

  it('charges −1,500 ¢ on 1.00 EUR/USD long and −500 ¢ on 0.50 USD/JPY short', () => {
    const eur = spec('EURUSD');
    expect(
      swapMinor({
        spec: eur,
        volume: 100,
        rateHundredths: eur.swapLongHundredths,
        multiplier: 3,
        rate: ONE,
      }),
    ).toBe(-1500);
    const jpy = spec('USDJPY');
    const r = rate('JPY', { USDJPY: [149985, 150015] });
    const swap = (multiplier: number) =>
      swapMinor({
        spec: jpy,
        volume: 50,
        rateHundredths: jpy.swapShortHundredths,
        multiplier,
        rate: r,
      });
    expect(swap(3)).toBe(-500);
    // Thursday: R½(−166.67) = −167, the multiplier applies before the rounding.
    expect(swap(1)).toBe(-167);
  });

  it('rounds a half away from zero, both ways', () => {
    const eur = spec('EURUSD');
    // 1 centilot × 100,000 × ±50 hundredths / (100 × 10^5) = ±0.5 ¢
    const half = (rateHundredths: number) =>
      swapMinor({ spec: eur, volume: 1, rateHundredths, multiplier: 1, rate: ONE });
    expect([half(50), half(-50), half(49), half(-49)]).toEqual([1, -1, 0, 0]);
  });
});
