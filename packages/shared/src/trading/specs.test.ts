import { describe, expect, it } from 'vitest';
import { LISTED_INSTRUMENT_COUNT } from '../catalog/instruments.js';
import { parsePoints } from './decimal.js';
import { conversionRate, conversionSymbols, midOf } from './money-rules.js';
import { parseDecimalRational } from './rational.js';
import { parseHours } from './sessions.js';
import { SAMPLE_ANCHORED_SYMBOLS, TRADING_SPECS, findSpec } from './specs.js';

function spec(symbol: string) {
  const found = findSpec(symbol);
  if (!found) throw new Error(`no spec ${symbol}`);
  return found;
}

describe('trading specs derived from the catalogue', () => {
  it('has one spec per listed instrument, each symbol once, in catalogue order', () => {
    expect(TRADING_SPECS).toHaveLength(LISTED_INSTRUMENT_COUNT);
    expect(new Set(TRADING_SPECS.map((s) => s.symbol)).size).toBe(73);
    expect(TRADING_SPECS[0]?.symbol).toBe('EURUSD');
    expect(TRADING_SPECS.at(-1)?.symbol).toBe('USA500');
    const count = (c: string) => TRADING_SPECS.filter((s) => s.class === c).length;
    expect([
      count('forex'),
      count('crypto'),
      count('energy'),
      count('metal'),
      count('index'),
    ]).toEqual([58, 1, 2, 4, 8]);
  });

  it('reads symbols, names and currencies as docs/product.md §11.2 says', () => {
    expect(spec('GBPTRY')).toMatchObject({ displayName: 'GBP/TRY', base: 'GBP', quote: 'TRY' });
    expect(spec('XAUEUR')).toMatchObject({ class: 'metal', base: 'XAU', quote: 'EUR' });
    expect(spec('UKOIL')).toMatchObject({ class: 'energy', base: 'UKOIL', quote: 'USD' });
    expect(spec('JPN225')).toMatchObject({ class: 'index', quote: 'JPY' });
    expect(spec('FTSE100').quote).toBe('GBP');
    expect(spec('AUS200').quote).toBe('AUD');
    expect(findSpec('EUR/USD')).toBeUndefined();
    expect(findSpec('BPTRY')).toBeUndefined();
  });

  it('applies the class table: digits, pip, spread in points, contract, volumes, swaps', () => {
    expect(spec('EURUSD')).toMatchObject({
      digits: 5,
      pipPoints: 10,
      pipSize: '0.0001',
      spreadPoints: 30,
      ecnSpreadPoints: null,
      contractSize: 100_000,
      minVolume: 1,
      volumeStep: 1,
      maxVolume: 5000,
      leverage: 200,
      stopsLevelPoints: 30,
      hours: '24h',
      swapLongHundredths: -500,
      swapShortHundredths: -500,
    });
    expect(spec('EURCZK')).toMatchObject({ spreadPoints: 35, leverage: 100 });
    expect(spec('USDJPY')).toMatchObject({ digits: 3, pipPoints: 10, pipSize: '0.01' });
    expect(spec('EURHUF')).toMatchObject({ digits: 3, spreadPoints: 720 });
    expect(spec('BTCUSD')).toMatchObject({
      class: 'crypto',
      digits: 2,
      spreadPoints: 2400,
      contractSize: 1,
      maxVolume: 500,
      leverage: 2,
      swapLongHundredths: -100_000,
    });
    expect(spec('XAUUSD')).toMatchObject({
      digits: 2,
      spreadPoints: 60,
      contractSize: 100,
      minVolume: 10,
      maxVolume: 2000,
      leverage: 50,
      swapLongHundredths: -3000,
      swapShortHundredths: -1500,
    });
    expect(spec('XAGUSD')).toMatchObject({ digits: 3, pipPoints: 10, spreadPoints: 50 });
    expect(spec('USOIL')).toMatchObject({ spreadPoints: 6, ecnSpreadPoints: 3, maxVolume: 5000 });
    expect(spec('USA30')).toMatchObject({ digits: 2, pipPoints: 100, spreadPoints: 400 });
    expect(spec('JPN225')).toMatchObject({ spreadPoints: 200, ecnSpreadPoints: 800 });
    expect(spec('CAC40').ecnSpreadPoints).toBe(130);
  });

  it('reads USD/NOK as 21:15 - 20:57 and tidies the ILS hours', () => {
    expect(spec('USDNOK').hours).toBe('21:15 - 20:57');
    expect(spec('USDILS').hours).toBe('05:00 - 15:00');
    for (const s of TRADING_SPECS) expect(() => parseHours(s.hours)).not.toThrow();
  });

  it('anchors on the first sample quote naming an instrument (§11.4), else a plausible level', () => {
    expect(spec('EURUSD').referencePrice).toBe('1.115125');
    expect(spec('USDJPY').referencePrice).toBe('109.8935');
    expect(spec('USOIL').referencePrice).toBe('57.98');
    expect(spec('FTSE100').referencePrice).toBe('7630.30');
    expect(spec('DAX30').referencePrice).toBe('13410.40'); // futures tab before indexes
    expect(spec('USA30').referencePrice).toBe('28508.50');
    expect(spec('USA100').referencePrice).toBe('8301.50');
    expect(spec('BTCUSD').referencePrice).toBe('8827.66');
    expect([...SAMPLE_ANCHORED_SYMBOLS].sort()).toEqual(
      ['AUDUSD', 'BTCUSD', 'DAX30', 'EURJPY', 'EURUSD', 'FTSE100', 'GBPUSD', 'USA100', 'USA30']
        .concat(['USA500', 'USDJPY', 'USOIL'])
        .sort(),
    );
    for (const s of TRADING_SPECS) {
      const value = parseDecimalRational(s.referencePrice);
      expect(value && value.num > 0n, s.symbol).toBe(true);
    }
  });

  it('resolves a USD conversion for every instrument from the reference prices', () => {
    const mid = (symbol: string) => {
      const s = findSpec(symbol);
      const value = s && parseDecimalRational(s.referencePrice);
      if (!s || !value) return undefined;
      // The reference as a mid in points: a one-point spread around it is close enough here.
      const points = parsePoints(
        s.referencePrice.slice(0, s.referencePrice.indexOf('.') + 1 + s.digits),
        s.digits,
      );
      return points === null ? undefined : midOf(points, points);
    };
    for (const s of TRADING_SPECS) {
      expect(conversionSymbols(s.quote).length, s.symbol).toBe(s.quote === 'USD' ? 0 : 1);
      const rate = conversionRate(s.quote, mid);
      expect(rate && rate.num > 0n, s.symbol).toBe(true);
    }
  });
});
