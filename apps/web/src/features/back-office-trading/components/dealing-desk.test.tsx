import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { DeskPosition } from '../api/dealing-desk';
import { DealingDesk } from './dealing-desk';

const POSITION: DeskPosition = {
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
  accountId: 'acc-1',
  accountKind: 'live',
  clientId: 'client-1',
  clientName: 'Ann Lee',
  clientEmail: 'ann@example.com',
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/staff/trading/positions', {
    status: 200,
    body: { priceSource: 'simulated', positions: [POSITION] },
  });
  api.on('GET /api/staff/trading/exposure', {
    status: 200,
    body: {
      priceSource: 'simulated',
      instruments: [
        {
          symbol: 'GBPUSD',
          long: '0.00',
          short: '0.30',
          net: '-0.30',
          positions: 1,
          netNotionalMinor: -3_810_450,
          clientsFloatingPnlMinor: -1_245,
          limitMinor: 4_000_000,
          limitUsedPercent: 95,
        },
      ],
      clientsFloatingPnlMinor: -1_245,
      bookFloatingPnlMinor: 1_245,
      clientsNearLimit: [
        {
          clientId: 'client-3',
          clientName: 'Emmy Noether',
          clientEmail: 'emmy@example.com',
          grossNotionalMinor: 2_100_000,
          limitMinor: 2_000_000,
          limitUsedPercent: 105,
        },
      ],
    },
  });
  api.on('GET /api/staff/trading/risk', {
    status: 200,
    body: {
      priceSource: 'simulated',
      marginCalls: [
        {
          accountId: 'acc-2',
          accountKind: 'live',
          clientId: 'client-2',
          clientName: 'Max Born',
          since: '2026-11-28T09:30:00.000Z',
          equityMinor: 55_010,
          usedMarginMinor: 55_010,
          marginLevel: '100.00',
        },
      ],
      stopOuts: [],
      protections: [
        {
          id: '7',
          accountId: 'acc-3',
          accountKind: 'live',
          clientId: 'client-3',
          clientName: 'Emmy Noether',
          amountMinor: 41_990,
          time: '2026-11-28T09:40:00.000Z',
        },
      ],
    },
  });
});

const PATH = '/adminDashboard/trading';

describe('DealingDesk', () => {
  it('shows an auditor the exposure and each position with its P/L, and no Close', async () => {
    signInAsStaff(api, 'auditor');
    renderAt(<DealingDesk />, PATH);
    const positions = await screen.findByRole('table', { name: /^Open positions across clients/ });
    expect(await screen.findByText('Simulated prices')).toBeTruthy();
    await waitFor(() => expect(within(positions).getAllByRole('row')).toHaveLength(2));
    const row = within(positions).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Ann Lee');
    expect(row?.textContent).toContain('Sell 0.30 GBPUSD');
    expect(row?.textContent).toContain('\u2212$12.45');
    expect(within(positions).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      '/adminDashboard/clients/client-1',
    );
    expect(within(positions).queryByRole('button')).toBeNull();
    const exposure = screen.getByRole('table', { name: /^The book per instrument/ });
    await waitFor(() => expect(exposure.textContent).toContain('-0.30'));
    expect(exposure.textContent).toContain('\u2212$38,104.50');
    expect(exposure.textContent).toContain('95 % of $40,000.00');
    // From 80 % of a limit the desk is alerted, instruments and clients alike.
    const alert = screen.getByRole('region', { name: 'Exposure near its limit' });
    expect(alert.textContent).toContain('GBPUSD: the book is at 95 % of its $40,000.00 limit.');
    const near = within(alert).getByRole('table', {
      name: 'Clients near their exposure limit, fullest first',
    });
    expect(near.textContent).toContain('Emmy Noether');
    expect(near.textContent).toContain('105 % of $20,000.00');
    // One sentence, its amounts kept whole (never broken between sign and digits).
    const book = screen.getByText((_, element) => element?.className === 'bo-desk-book');
    expect(book.textContent).toMatch(
      /^Clients’ floating P\/L on live accounts: \u2212\$12\.45\. .* the book’s is \$12\.45\.$/,
    );
    expect(within(book).getByText('\u2212$12.45').className).toBe('bo-desk-amount');
  });

  it('colours a loss red, a gain green and a zero P/L neither', async () => {
    signInAsStaff(api, 'auditor');
    api.on('GET /api/staff/trading/positions', {
      status: 200,
      body: {
        priceSource: 'simulated',
        positions: [
          POSITION,
          { ...POSITION, id: '42', floatingPnlMinor: 0 },
          { ...POSITION, id: '43', floatingPnlMinor: 250 },
        ],
      },
    });
    renderAt(<DealingDesk />, PATH);
    const positions = await screen.findByRole('table', { name: /^Open positions across clients/ });
    await waitFor(() => expect(within(positions).getAllByRole('row')).toHaveLength(4));
    expect(within(positions).getByText('\u2212$12.45').className).toBe('bo-desk-loss');
    expect(within(positions).getByText('$0.00').className).toBe('');
    expect(within(positions).getByText('$2.50').className).toBe('bo-desk-gain');
  });

  it('lists the accounts in a margin call, the stop-outs and the protections', async () => {
    signInAsStaff(api, 'compliance');
    renderAt(<DealingDesk />, PATH);
    const calls = await screen.findByRole('table', { name: /^Accounts in a margin call/ });
    await waitFor(() => expect(calls.textContent).toContain('Max Born'));
    expect(calls.textContent).toContain('100.00 %');
    expect(calls.textContent).toContain('$550.10');
    const stopOuts = screen.getByRole('table', { name: /^Latest stop-outs/ });
    expect(stopOuts.textContent).toContain('No stop-out yet.');
    const protections = screen.getByRole('table', { name: /^Latest negative balance protections/ });
    expect(protections.textContent).toContain('Emmy Noether');
    expect(protections.textContent).toContain('$419.90');
  });

  it('closes a position with the reason the client will see, and says what it realised', async () => {
    signInAsStaff(api, 'operations');
    api.on('POST /api/staff/trading/positions/41/close', {
      status: 200,
      body: {
        deal: { pnlMinor: -1_245, price: '1.27400', volume: '0.30', reason: 'staff' },
        position: null,
      },
    });
    // Once closed, the refreshed list no longer has the row (nor its Close button).
    api.on('GET /api/staff/trading/positions', () => ({
      status: 200,
      body: {
        priceSource: 'simulated',
        positions: api.requests.some((request) => request.method === 'POST') ? [] : [POSITION],
      },
    }));
    const { user } = renderAt(<DealingDesk />, PATH);
    await user.click(
      await screen.findByRole('button', { name: 'Close Sell 0.30 GBPUSD of Ann Lee' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(
      await within(dialog).findByText('Please give a reason the client will see'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Exposure limit reached');
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));

    expect(
      await screen.findByText(
        'Closed Sell 0.30 GBPUSD of Ann Lee at 1.27400: \u2212$12.45. The client sees your reason on the deal.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('No client holds an open position.')).toBeTruthy();
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ reason: 'Exposure limit reached' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/\S{16,}/);
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    signInAsStaff(api, 'owner');
    api.on('POST /api/staff/trading/positions/41/close', {
      status: 409,
      body: { code: 'ALREADY_CLOSED', message: 'This position is already closed' },
    });
    const { user } = renderAt(<DealingDesk />, PATH);
    await user.click(
      await screen.findByRole('button', { name: 'Close Sell 0.30 GBPUSD of Ann Lee' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Risk limit');
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(await within(dialog).findByText('This position is already closed')).toBeTruthy();
  });

  it('tells support the desk is not theirs and asks the API nothing', async () => {
    signInAsStaff(api, 'support');
    renderAt(<DealingDesk />, PATH);
    expect(await screen.findByText('Your role cannot see the dealing desk.')).toBeTruthy();
    expect(api.requests.some((request) => request.path.startsWith('/api/staff/trading'))).toBe(
      false,
    );
  });
});
