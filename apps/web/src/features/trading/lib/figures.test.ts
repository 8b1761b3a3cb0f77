import { describe, expect, it } from 'vitest';
import type { LiveQuote } from '../hooks/use-quote-stream';
import { liveFigures, livePnl } from './figures';
import { priceSourceLabel } from '../../../lib/price-source';
import { dealReasonText } from '../../../lib/deal-text';

const quote = (symbol: string, bid: string, ask: string): [string, LiveQuote] => [
  symbol,
  { symbol, bid, ask, time: '2026-03-03T08:00:00.000Z' },
];

const EURUSD_BUY = {
  symbol: 'EURUSD',
  side: 'buy' as const,
  volume: '0.10',
  openPrice: '1.10015',
  marginMinor: 5_501,
  floatingPnlMinor: -300,
};

describe('live figures (PRODUCT §11.17)', () => {
  it('example 1: +15 pips on 0.10 EUR/USD is $15.00, and equity and level follow', () => {
    const quotes = new Map([quote('EURUSD', '1.10165', '1.10195')]);
    expect(livePnl(EURUSD_BUY, quotes)).toBe(1_500);
    const figures = liveFigures(1_000_000, [EURUSD_BUY], quotes);
    expect(figures.equityMinor).toBe(1_001_500);
    expect(figures.freeMarginMinor).toBe(1_001_500 - 5_501);
  });

  it('example 2: USD/JPY sell 0.50 closed at ask 149.485 is $167.26 through mid(USD/JPY)', () => {
    const position = {
      symbol: 'USDJPY',
      side: 'sell' as const,
      volume: '0.50',
      openPrice: '149.985',
      marginMinor: 24_998,
      floatingPnlMinor: 0,
    };
    const quotes = new Map([quote('USDJPY', '149.455', '149.485')]);
    expect(livePnl(position, quotes)).toBe(16_726);
  });

  it('keeps the server’s figure while the quote or a conversion pair is missing', () => {
    expect(livePnl(EURUSD_BUY, new Map())).toBe(-300);
    const eurgbp = { ...EURUSD_BUY, symbol: 'EURGBP', openPrice: '0.85020', floatingPnlMinor: 42 };
    expect(livePnl(eurgbp, new Map([quote('EURGBP', '0.85000', '0.85020')]))).toBe(42);
  });
});

describe('words', () => {
  it('names why a deal happened', () => {
    const base = { note: null, entry: 'out' as const };
    expect(dealReasonText({ ...base, reason: 'client' })).toBe('Closed by you');
    expect(dealReasonText({ ...base, reason: 'sl' })).toBe('Stop loss');
    expect(dealReasonText({ ...base, reason: 'sl', trailing: true })).toBe('Trailing stop');
    expect(dealReasonText({ ...base, reason: 'tp' })).toBe('Take profit');
    expect(dealReasonText({ ...base, reason: 'staff', note: 'Risk limit' })).toBe(
      'Closed by the dealing desk (“Risk limit”)',
    );
    expect(dealReasonText({ ...base, reason: 'staff' })).toBe('Closed by the dealing desk');
    expect(dealReasonText({ ...base, entry: 'in', reason: 'client' })).toBe('Opened');
  });

  it('says "Simulated prices" for the simulator and replays', () => {
    expect(priceSourceLabel('simulated')).toBe('Simulated prices');
    expect(priceSourceLabel('replay')).toBe('Simulated prices');
    expect(priceSourceLabel('acme-feed')).toBe('Prices from acme-feed');
  });
});
