import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { ClientTradingAccount } from '../api/dealing-desk';
import { ClientTrading } from './client-trading';

const LIVE: ClientTradingAccount = {
  id: 'acc-1',
  kind: 'live',
  status: 'open',
  balanceMinor: 49_700,
  equityMinor: 48_455,
  usedMarginMinor: 19_048,
  freeMarginMinor: 29_407,
  marginLevel: '254.38',
  marginCall: false,
  positions: [
    {
      id: '41',
      symbol: 'GBPUSD',
      side: 'sell',
      volume: '0.30',
      openPrice: '1.26985',
      openTime: '2026-11-28T09:00:00.000Z',
      sl: null,
      tp: null,
      marginMinor: 19_048,
      swapMinor: 0,
      floatingPnlMinor: -1_245,
      closePrice: '1.27400',
    },
    {
      id: '42',
      symbol: 'USDJPY',
      side: 'buy',
      volume: '0.10',
      openPrice: '150.015',
      openTime: '2026-11-28T09:30:00.000Z',
      sl: null,
      tp: null,
      marginMinor: 15_002,
      swapMinor: 0,
      floatingPnlMinor: 0,
      closePrice: '150.015',
    },
  ],
  deals: [
    {
      id: '9',
      symbol: 'EURUSD',
      side: 'buy',
      entry: 'out',
      volume: '0.10',
      price: '1.10000',
      time: '2026-11-28T08:30:00.000Z',
      pnlMinor: -300,
      reason: 'staff',
      note: 'Closed on the client’s telephone instruction',
      trailing: false,
      correction: null,
    },
    {
      id: '8',
      symbol: 'EURUSD',
      side: 'sell',
      entry: 'out',
      volume: '0.10',
      price: '1.09950',
      time: '2026-11-28T08:00:00.000Z',
      pnlMinor: 150,
      reason: 'tp',
      note: null,
      trailing: false,
      correction: {
        originalPrice: '1.10950',
        originalPnlMinor: -9_850,
        reason: 'Filled on a feed spike',
        time: '2026-11-28T10:00:00.000Z',
      },
    },
  ],
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/staff/clients/client-1/trading', {
    status: 200,
    body: { priceSource: 'simulated', accounts: [LIVE] },
  });
});

const PATH = '/adminDashboard/clients/client-1';

describe('ClientTrading', () => {
  it('shows each account’s figures, open positions and deals with who closed them and why', async () => {
    signInAsStaff(api, 'compliance');
    renderAt(<ClientTrading clientId="client-1" />, PATH);
    expect(await screen.findByRole('heading', { name: 'Trading' })).toBeTruthy();
    expect(await screen.findByText(/margin level 254\.38 %/)).toBeTruthy();
    expect(screen.getByText('Simulated prices')).toBeTruthy();
    const positions = screen.getByRole('table', { name: 'Live account: open positions' });
    expect(within(positions).getAllByRole('row')[1]?.textContent).toContain('Sell 0.30 GBPUSD');
    const deals = screen.getByRole('table', { name: 'Live account: latest deals, newest first' });
    expect(deals.textContent).toContain(
      'Closed by the dealing desk (“Closed on the client’s telephone instruction”)',
    );
  });

  it('writes losses with a minus sign and colours only gains and losses, never a zero', async () => {
    signInAsStaff(api, 'compliance');
    renderAt(<ClientTrading clientId="client-1" />, PATH);
    const positions = await screen.findByRole('table', { name: 'Live account: open positions' });
    const deals = screen.getByRole('table', { name: 'Live account: latest deals, newest first' });
    const pnl = (table: HTMLElement, text: string) => within(table).getByText(text).className;
    expect(pnl(positions, '\u2212$12.45')).toBe('bo-desk-loss');
    expect(pnl(positions, '$0.00')).toBe('');
    expect(pnl(deals, '\u2212$3.00')).toBe('bo-desk-loss');
    expect(pnl(deals, '$1.50')).toBe('bo-desk-gain');
    expect(positions.textContent).not.toContain('-$');
  });

  it('shows a corrected deal with what it was and why, and offers compliance no correction', async () => {
    signInAsStaff(api, 'compliance');
    renderAt(<ClientTrading clientId="client-1" />, PATH);
    const deals = await screen.findByRole('table', {
      name: 'Live account: latest deals, newest first',
    });
    expect(deals.textContent).toContain(
      'Corrected by the dealing desk (“Filled on a feed spike”): was 1.10950, \u2212$98.50',
    );
    expect(within(deals).queryByRole('button', { name: /Correct price/ })).toBeNull();
  });

  it('lets operations correct a deal’s price with a reason, checked as the API checks it', async () => {
    signInAsStaff(api, 'operations');
    api.on('POST /api/staff/trading/deals/9/correct', {
      status: 200,
      body: {
        deal: { price: '1.10030', pnlMinor: 0 },
        adjustments: [{ dealId: '9', oldPnlMinor: -300, newPnlMinor: 0 }],
      },
    });
    const { user } = renderAt(<ClientTrading clientId="client-1" />, PATH);
    await user.click(
      await screen.findByRole('button', {
        name: 'Correct price of Buy 0.10 EURUSD at 1.10000',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Correct price');
    expect((price as HTMLInputElement).value).toBe('1.10000');
    await user.clear(price);
    await user.type(price, '1,1003');
    await user.click(within(dialog).getByRole('button', { name: 'Correct deal' }));
    expect(await within(dialog).findByText('Price must be a plain decimal number')).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason the client will see')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '1.10030');
    await user.type(within(dialog).getByLabelText('Reason'), 'Closed on a stale quote');
    await user.click(within(dialog).getByRole('button', { name: 'Correct deal' }));

    expect(
      await screen.findByText(
        'Corrected Buy 0.10 EURUSD at 1.10000 to 1.10030. Profit/loss \u2212$3.00 → $0.00, reversed and posted again. The client sees your reason on the deal.',
      ),
    ).toBeTruthy();
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ price: '1.10030', reason: 'Closed on a stale quote' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/\S{16,}/);
  });

  it('shows support nothing and asks the API nothing', async () => {
    signInAsStaff(api, 'support');
    const { container } = renderAt(<ClientTrading clientId="client-1" />, PATH);
    // Once the profile (the role) has been asked for and had time to answer, an allowed role
    // would have asked for the trading too.
    await waitFor(() =>
      expect(api.requests.some((request) => request.path.startsWith('/api/admin'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.textContent).toBe('');
    expect(api.requests.some((request) => request.path.includes('/trading'))).toBe(false);
  });
});
