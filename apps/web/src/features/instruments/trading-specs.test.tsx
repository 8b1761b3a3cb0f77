// The instrument pages' "Trading specifications": the engine's figures, opened on request.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRADING_SPECS } from '@brokerdesk/shared/trading';
import { ContractTable, ForexTable } from './components/instrument-table';
import { installFakeApi } from '../../testing/fake-api';
import { SwapRates } from './components/swap-rates';
import { carrierRows, forexRows, indexRows } from './instrument-rows';
import { specRowsFor } from './spec-rows';

const cellsOf = (table: HTMLElement, name: string) => {
  const row = within(table).getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return [...row.children].map((cell) => cell.textContent);
};

async function openSpecs(): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: 'Show trading specifications' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(button);
  expect(
    screen
      .getByRole('button', { name: 'Hide trading specifications' })
      .getAttribute('aria-expanded'),
  ).toBe('true');
  // The table is a lazily imported module: its first import (transformed on demand by the test
  // runner) took over findBy's default second on a busy machine.
  return screen.findByRole('table', { name: /^Trading specifications/ }, { timeout: 10_000 });
}

describe('trading specifications on the instrument pages', () => {
  it('keeps the forex page to the seed’s table until a visitor opens the specifications', async () => {
    render(<ForexTable rows={forexRows} />);
    expect(screen.getAllByRole('table')).toHaveLength(1);
    const table = await openSpecs();
    expect(table.querySelectorAll('tbody tr')).toHaveLength(59);
    expect(cellsOf(table, 'EUR/USD')).toEqual([
      'EUR/USD',
      '100,000 EUR',
      '0.01 / 0.01 / 50.00',
      '1:200',
      '0.00030 (3 pips)',
      '0.00030 (3 pips)',
      '24h',
      '-5.00 / -5.00',
    ]);
    expect(cellsOf(table, 'EUR/CZK')[4]).toBe('0.00035 (3.5 pips)');
    expect(cellsOf(table, 'GBP/TRY')[3]).toBe('1:100');
    expect(cellsOf(table, 'USD/NOK')[6]).toBe('21:15 - 20:57');
    expect(cellsOf(table, 'BTC/USD')).toEqual([
      'BTC/USD',
      '1 BTC',
      '0.01 / 0.01 / 5.00',
      '1:2',
      '24.00 (240 pips)',
      '24.00 (240 pips)',
      '24h',
      '-1000.00 / -1000.00',
    ]);
    // The seed's figures above are unchanged.
    const seed = screen.getByRole('table', { name: /forex instruments/i });
    expect(cellsOf(seed, 'BP/TRY')).toEqual(['BP/TRY', '30 pips', '1:100', '24h']);
  });

  it('shows metals, oil and indexes in their own units', async () => {
    render(<ContractTable caption="Energy carriers and metals" rows={carrierRows} withEcn />);
    const carriers = await openSpecs();
    expect(cellsOf(carriers, 'XAUUSD').slice(1, 5)).toEqual([
      '100 oz',
      '0.10 / 0.01 / 20.00',
      '1:50',
      '0.60',
    ]);
    expect(cellsOf(carriers, 'XAGEUR')[4]).toBe('0.050');
    expect(cellsOf(carriers, 'UKOIL').slice(1, 5)).toEqual([
      '100 barrels',
      '0.10 / 0.01 / 50.00',
      '1:10',
      '0.06',
    ]);
    expect(cellsOf(carriers, 'XAUUSD')[7]).toBe('-30.00 / -15.00');
  });

  it('gives an index lot in its quote currency per point', () => {
    const rows = specRowsFor(indexRows.map((row) => row.instrument));
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => row.symbol === 'DAX30')).toMatchObject({
      contract: '1 EUR per point',
      volume: '0.01 / 0.01 / 100.00',
      spread: '3.00',
      leverage: '1:20',
    });
    expect(rows.find((row) => row.symbol === 'USA30')?.spread).toBe('4.00');
  });
});

describe('the swap rates on /swaps', () => {
  it('lists every instrument’s rates in force once a visitor opens them, naming who set each', async () => {
    const api = installFakeApi();
    api.on('GET /api/trading/instruments', {
      status: 200,
      body: TRADING_SPECS.map((spec) => ({
        symbol: spec.symbol,
        swapLongPoints:
          spec.symbol === 'GBPUSD' ? '-7.25' : (spec.swapLongHundredths / 100).toFixed(2),
        swapShortPoints:
          spec.symbol === 'GBPUSD' ? '1.50' : (spec.swapShortHundredths / 100).toFixed(2),
      })),
    });
    render(<SwapRates />);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show swap rates' }));
    const table = await screen.findByRole(
      'table',
      { name: 'Swap rates in force, points per lot per night' },
      { timeout: 10_000 },
    );
    expect(table.querySelectorAll('tbody tr')).toHaveLength(TRADING_SPECS.length);
    // §11.17 example 7's rates: −5.00 points a night on EUR/USD either way.
    expect(cellsOf(table, 'EUR/USD')).toEqual([
      'EUR/USD',
      '-5.00',
      '-5.00',
      'Illustrative default',
    ]);
    expect(cellsOf(table, 'GBP/USD')).toEqual(['GBP/USD', '-7.25', '1.50', 'Dealing desk']);
  });

  it('shows the illustrative defaults, and says so, when the rates in force cannot be loaded', async () => {
    const api = installFakeApi();
    api.on('GET /api/trading/instruments', { status: 503, body: { message: 'Unavailable' } });
    render(<SwapRates />);
    fireEvent.click(screen.getByRole('button', { name: 'Show swap rates' }));
    const table = await screen.findByRole(
      'table',
      { name: /illustrative defaults \(the rates in force could not be loaded\)$/ },
      { timeout: 10_000 },
    );
    expect(cellsOf(table, 'EUR/USD')).toEqual([
      'EUR/USD',
      '-5.00',
      '-5.00',
      'Illustrative default',
    ]);
  });
});
