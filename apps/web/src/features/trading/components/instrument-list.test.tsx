import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TradingInstrument } from '../api/types';
import { InstrumentList } from './instrument-list';

const row = (symbol: string, displayName: string) =>
  ({ symbol, displayName, open: true, tradingEnabled: true }) as TradingInstrument;

describe('InstrumentList', () => {
  it('colours a rise and a fall, and leaves no move uncoloured without a sign', () => {
    render(
      <InstrumentList
        instruments={[row('EURUSD', 'EUR/USD'), row('GBPUSD', 'GBP/USD'), row('USDJPY', 'USD/JPY')]}
        quotes={new Map()}
        changes={
          new Map([
            ['EURUSD', '0.00'],
            ['GBPUSD', '0.12'],
            ['USDJPY', '-0.30'],
          ])
        }
        selected="EURUSD"
        onSelect={() => undefined}
        priceSource="simulated"
      />,
    );
    expect(screen.getByText('0.00%').className).toBe('');
    expect(screen.getByText('+0.12%').className).toBe('trade-up');
    expect(screen.getByText('-0.30%').className).toBe('trade-down');
  });
});
