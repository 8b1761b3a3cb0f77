import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_HINT } from '../../components/ui/scroll-region';
import { ContractTable, ForexTable } from './components/instrument-table';
import { FeeTable } from './components/fee-tables';
import { PaymentMethodsAccordion } from './components/payment-methods-accordion';
import { TradingSessionsTable } from './components/trading-sessions-table';
import { carrierRows, forexRows, futuresRows, indexRows } from './instrument-rows';
import { DEPOSIT_METHODS } from './payment-methods';
import { depositFeeRows, withdrawalFeeRows } from './withdrawal-rows';

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

const bodyRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')];

/** The cells of the row whose row header is `name`, as text. */
const rowOf = (table: HTMLElement, name: string) => {
  const header = within(table).getByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return [...row.children].map((cell) => cell.textContent);
};

describe('forex table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the seed’s columns and all 59 instruments', () => {
    render(<ForexTable rows={forexRows} />);
    const table = screen.getByRole('table', { name: /forex instruments/i });
    expect(headers(table)).toEqual([
      'Instrument',
      'Spreads (as low as)',
      'Leverage (up to)',
      'Trading Hours (GMT)',
    ]);
    expect(bodyRows(table)).toHaveLength(59);
    for (const th of within(table).getAllByRole('columnheader')) {
      expect(th.getAttribute('scope')).toBe('col');
    }
  });

  // Issue 16: on a phone the table was clipped with nothing saying there was more.
  it('says it scrolls sideways when it is wider than the screen, and takes focus', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(620);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    render(<ForexTable rows={forexRows} />);
    const hint = screen.getByText(SCROLL_HINT);
    expect(hint.closest('p')?.hidden).toBe(false);
    const region = screen.getByRole('region', { name: /forex instruments/i });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('aria-describedby')).toBe(hint.closest('p')?.id);
  });

  it('carries the seed’s leverage, spread and hours constants', () => {
    render(<ForexTable rows={forexRows} />);
    const table = screen.getByRole('table');
    expect(rowOf(table, 'EUR/USD')).toEqual(['EUR/USD', '3 pips', '1:200', '24h']);
    for (const pair of ['EUR/CZK', 'EUR/TRY', 'USD/CZK', 'USD/TRY', 'BP/TRY']) {
      expect(rowOf(table, pair)[2]).toBe('1:100');
    }
    for (const pair of ['USD/MXN', 'USD/BRL', 'USD/INR', 'USD/CNH']) {
      expect(rowOf(table, pair)[2]).toBe('1:50');
    }
    expect(rowOf(table, 'EUR/RUB')[2]).toBe('1:25');
    expect(rowOf(table, 'USD/RUB')[2]).toBe('1:25');
    expect(rowOf(table, 'BTC/USD')).toEqual(['BTC/USD', '240 pips', '1:2', '24h']);
    expect(rowOf(table, 'EUR/RON')[1]).toBe('250 pips');
    expect(rowOf(table, 'CHF/PLN')[3]).toBe('21:15 - 20:57');
    expect(rowOf(table, 'USD/RUB')[3]).toBe('07:05 - 16:00');
    expect(rowOf(table, 'USD/ILS')[3]).toBe('05:00 - 15:00');
  });

  it('has no names with stray spaces and spreads between 3 and 250 pips', () => {
    for (const row of forexRows) {
      expect(row.instrument).toBe(row.instrument.trim());
      const pips = Number.parseFloat(row.spread);
      expect(pips).toBeGreaterThanOrEqual(3);
      expect(pips).toBeLessThanOrEqual(250);
    }
  });
});

describe('energy carriers and metals table', () => {
  it('lists oil, gold and silver with the seed’s columns and figures', () => {
    render(<ContractTable caption="Energy carriers and metals" rows={carrierRows} withEcn />);
    const table = screen.getByRole('table', { name: 'Energy carriers and metals' });
    expect(headers(table)).toEqual([
      'Instrument',
      'Spread',
      'ECN Spread',
      'Leverage',
      'Contract Size',
      'Min. Trade',
    ]);
    expect(bodyRows(table)).toHaveLength(6);
    expect(rowOf(table, 'UKOIL')).toEqual(['UKOIL', '6', '3', '1:10', '100', '0.1']);
    expect(rowOf(table, 'USOIL')).toEqual(['USOIL', '6', '3', '1:10', '100', '0.1']);
    expect(rowOf(table, 'GOLD: XAUUSD')).toEqual([
      'GOLD: XAUUSD',
      '60',
      '—Not quoted',
      '1:50',
      '100',
      '0.1',
    ]);
    expect(rowOf(table, 'SILVER: XAGEUR')[1]).toBe('5');
    expect(within(table).getByRole('rowheader', { name: 'GOLD: XAUEUR' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'SILVER: XAGUSD' })).toBeTruthy();
  });
});

describe('commodity futures table', () => {
  it('shows Instrument, Spread, Leverage, Contract Size, Min. Trade for gold and silver', () => {
    render(<ContractTable caption="Commodity futures" rows={futuresRows} withEcn={false} />);
    const table = screen.getByRole('table', { name: 'Commodity futures' });
    expect(headers(table)).toEqual([
      'Instrument',
      'Spread',
      'Leverage',
      'Contract Size',
      'Min. Trade',
    ]);
    expect(bodyRows(table)).toHaveLength(4);
    expect(rowOf(table, 'GOLD: XAUEUR')).toEqual(['GOLD: XAUEUR', '60', '1:50', '100', '0.1']);
    expect(rowOf(table, 'SILVER: XAGUSD')).toEqual(['SILVER: XAGUSD', '5', '1:50', '100', '0.1']);
  });
});

describe('share indexes table', () => {
  it('shows the eight indexes at 1:20, 1 Contract, 0.01 with their spreads', () => {
    render(<ContractTable caption="Share indexes" rows={indexRows} withEcn />);
    const table = screen.getByRole('table', { name: 'Share indexes' });
    expect(headers(table)).toEqual([
      'Instrument',
      'Spread',
      'ECN Spread',
      'Leverage',
      'Contract Size',
      'Min. Trade',
    ]);
    expect(bodyRows(table)).toHaveLength(8);
    const spreads: Record<string, [string, string]> = {
      AUS200: ['6', '2'],
      CAC40: ['3', '1.3'],
      DAX30: ['3', '1.5'],
      FTSE100: ['3', '1.3'],
      JPN225: ['2', '8'],
      USA100: ['3', '1'],
      USA30: ['4', '3'],
      USA500: ['2', '1'],
    };
    for (const [name, [spread, ecn]] of Object.entries(spreads)) {
      expect(rowOf(table, name)).toEqual([name, spread, ecn, '1:20', '1 Contract', '0.01']);
    }
  });
});

describe('withdrawal page tables', () => {
  it('lists deposit times and $0 fees without the origin’s empty columns', () => {
    render(<FeeTable caption="Deposits" rows={depositFeeRows} />);
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(headers(table)).toEqual(['Method', 'Process Time', 'Fees']);
    expect(bodyRows(table)).toHaveLength(8);
    expect(rowOf(table, 'Bank Transfer')).toEqual(['Bank Transfer', 'Up to 3 business days', '$0']);
    expect(rowOf(table, 'QiWi Wallet')[2]).toBe('$0');
  });

  it('charges 2.9% for Neteller and Skrill and corrects the origin’s typo', () => {
    render(<FeeTable caption="Withdrawals" rows={withdrawalFeeRows} />);
    const table = screen.getByRole('table', { name: 'Withdrawals' });
    expect(headers(table)).toEqual(['Method', 'Process Time', 'Fees']);
    expect(rowOf(table, 'Neteller')).toEqual(['Neteller', 'Up to 1 business day', '2.9%']);
    expect(rowOf(table, 'Skrill')).toEqual(['Skrill', 'Up to 1 business day', '2.9%']);
    // Issue 16, item 3: every withdrawal is reviewed by staff within 1 business day; the origin's
    // Bitcoin "Instant" contradicted that.
    expect(rowOf(table, 'Bitcoin')).toEqual([
      'Bitcoin',
      'Up to 1 business day',
      'Account manager inquiry',
    ]);
    expect(table.textContent).not.toContain('Instant');
    expect(rowOf(table, 'Bank Transfer')[1]).toBe('Up to 2 business days');
    expect(rowOf(table, 'Yandex Money')[2]).toBe('Account manager inquiry');
    expect(table.textContent).not.toContain('manger');
  });
});

describe('payment methods accordion', () => {
  it('lists the eight methods closed, each with its time, $0 fee and a Deposit link', () => {
    render(
      <MemoryRouter>
        <PaymentMethodsAccordion methods={DEPOSIT_METHODS} />
      </MemoryRouter>,
    );
    const items = [...document.querySelectorAll('details')];
    expect(items.map((d) => d.querySelector('summary')?.textContent)).toEqual([
      'Bank Transfer',
      'Credit Card (VISA, MasterCard, Maestro, Visa Electron)',
      'Neteller',
      'QiWi Wallet',
      'Bitcoin',
      'Yandex Money',
      'Webmoney',
      'Skrill',
    ]);
    expect(items.every((d) => !d.open)).toBe(true);
    const time = (i: number) => items[i]?.querySelector('dd')?.textContent;
    expect(time(0)).toBe('Up to 3 business days');
    expect(time(3)).toBe('Up to 3 business days');
    expect([1, 2, 4, 5, 6, 7].map(time)).toEqual(Array(6).fill('Instant'));
    const deposits = screen.getAllByRole('link', { name: /^Deposit with / });
    expect(deposits).toHaveLength(8);
    expect(deposits.every((a) => a.getAttribute('href') === '/userDashboard')).toBe(true);
    expect(items.every((d) => d.textContent?.includes('Deposit fee$0'))).toBe(true);
  });
});

describe('trading sessions table', () => {
  it('shows the four sessions in UTC', () => {
    render(<TradingSessionsTable />);
    const table = screen.getByRole('table', { name: /trading sessions/i });
    expect(rowOf(table, 'Asian')).toEqual(['Asian', '02:00', '11:00']);
    expect(rowOf(table, 'European')).toEqual(['European', '08:00', '17:00']);
    expect(rowOf(table, 'US')).toEqual(['US', '15:00', '24:00']);
    expect(rowOf(table, 'Pacific')).toEqual(['Pacific', '22:00', '06:00']);
  });
});
