import { formatCents as money } from '@brokerdesk/shared';
import { STATEMENT_MESSAGES } from '@brokerdesk/shared/trading';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { fetchedUrls, installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import type { TradingStatement } from '../api/types';
import { TradingStatementPage } from './trading-statement';

const TOKEN = 'token-1';
const PAGE = '/userDashboard/tradingStatement';
const STATEMENT_PATH = '/api/trading/accounts/live-1/statement';

const ACCOUNTS = [
  { id: 'demo-1', kind: 'demo', status: 'open', balanceMinor: 1_000_000 },
  { id: 'live-1', kind: 'live', status: 'open', balanceMinor: 99_750 },
];

function statement(from: string, to: string): TradingStatement {
  return {
    account: { id: 'live-1', kind: 'live' },
    from,
    to,
    openingBalanceMinor: 0,
    closingBalanceMinor: 99_750,
    priceSource: 'simulated',
    lines: [
      {
        time: '2026-03-02T08:00:05.000Z',
        kind: 'transfer',
        description: 'Transfer from your wallet',
        symbol: null,
        side: null,
        volume: null,
        price: null,
        amountMinor: 100_000,
        balanceAfterMinor: 100_000,
      },
      {
        time: '2026-03-04T21:00:00.000Z',
        kind: 'swap',
        description: 'Swap · EUR/USD · buy 0.10 · ×3 (Wednesday)',
        symbol: 'EURUSD',
        side: 'buy',
        volume: '0.10',
        price: null,
        amountMinor: -250,
        balanceAfterMinor: 99_750,
      },
    ],
  };
}

let api: FakeApi;

/** The page at its address, with `query` (another address shows the location probe). */
function renderPage(query = '') {
  return renderRoutes(
    [
      { path: PAGE, element: <TradingStatementPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    `${PAGE}${query}`,
  );
}

beforeEach(() => {
  api = installFakeApi();
  setToken('user', TOKEN);
  api.on('GET /api/trading/accounts', { status: 200, body: ACCOUNTS });
  api.on(`GET ${STATEMENT_PATH}`, () => {
    const url = fetchedUrls(STATEMENT_PATH).at(-1);
    const from = url?.searchParams.get('from') ?? '';
    const to = url?.searchParams.get('to') ?? '';
    return { status: 200, body: statement(from, to) };
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TradingStatementPage', () => {
  it('shows the account’s period with its opening and closing balance and each line, labelled as simulated prices', async () => {
    renderPage('?account=live-1&from=2026-03-01&to=2026-03-31');
    const table = await screen.findByRole('table', { name: 'Balance movements, oldest first' });
    await within(table).findByText('Transfer from your wallet');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3); // the header and two lines
    expect(rows[2]?.textContent).toContain('4 Mar 2026, 21:00');
    expect(rows[2]?.textContent).toContain('Swap · EUR/USD · buy 0.10 · ×3 (Wednesday)');
    expect(rows[2]?.textContent).toContain(money(-250));
    expect(rows[2]?.textContent).toContain('$997.50');
    expect(screen.getByText('Opening balance').nextElementSibling?.textContent).toBe('$0.00');
    expect(screen.getByText('Closing balance').nextElementSibling?.textContent).toBe('$997.50');
    expect(screen.getByText('Simulated prices')).toBeTruthy();
    expect(screen.getByText(/Live account · 1 March 2026 to 31 March 2026/)).toBeTruthy();
    // The last day is included: the API's period ends at the next midnight.
    const asked = fetchedUrls(STATEMENT_PATH)[0];
    expect(asked?.searchParams.get('from')).toBe('2026-03-01T00:00:00.000Z');
    expect(asked?.searchParams.get('to')).toBe('2026-04-01T00:00:00.000Z');
    expect(api.requests.find((r) => r.path === STATEMENT_PATH)?.headers.get('user-token')).toBe(
      TOKEN,
    );
  });

  it('defaults to this month (UTC) on the open demo account, and shows another period on request', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-17T12:00:00Z'));
    api.on('GET /api/trading/accounts/demo-1/statement', () => {
      const url = fetchedUrls('/api/trading/accounts/demo-1/statement').at(-1);
      return {
        status: 200,
        body: {
          ...statement(url?.searchParams.get('from') ?? '', url?.searchParams.get('to') ?? ''),
          account: { id: 'demo-1', kind: 'demo' },
          lines: [],
          closingBalanceMinor: 0,
        },
      };
    });
    const { user } = renderPage();
    expect(await screen.findByText('Nothing moved the balance in this period.')).toBeTruthy();
    const first = fetchedUrls('/api/trading/accounts/demo-1/statement')[0];
    expect(first?.searchParams.get('from')).toBe('2026-03-01T00:00:00.000Z');
    expect(first?.searchParams.get('to')).toBe('2026-04-01T00:00:00.000Z');

    await user.selectOptions(screen.getByLabelText('Account'), 'Live');
    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('Transfer from your wallet');
    const next = fetchedUrls(STATEMENT_PATH).at(-1);
    expect(next?.searchParams.get('from')).toBe('2026-02-01T00:00:00.000Z');
    expect(next?.searchParams.get('to')).toBe('2026-04-01T00:00:00.000Z');
  });

  it('refuses a period that ends before it starts with the shared message, and asks nothing', async () => {
    const { user } = renderPage('?account=live-1&from=2026-03-01&to=2026-03-31');
    await screen.findByText('Transfer from your wallet');
    const asked = fetchedUrls(STATEMENT_PATH).length;
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(STATEMENT_MESSAGES.periodOrder)).toBeTruthy();
    expect(screen.getByLabelText('Last day').getAttribute('aria-invalid')).toBe('true');
    expect(fetchedUrls(STATEMENT_PATH)).toHaveLength(asked);
  });

  it('downloads the CSV with the token in a header and saves it under the statement’s name', async () => {
    const csvText = '\uFEFFSimulated prices,x\r\nTime (UTC),Kind\r\n';
    // The fake answers JSON; the real endpoint answers text/csv. (fetchedUrls reads the fake's
    // calls, which this wrapper hides, so the JSON answer here is fixed.)
    api.on(`GET ${STATEMENT_PATH}`, {
      status: 200,
      body: statement('2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
    });
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.searchParams.get('format') !== 'csv') return fakeFetch(input, init);
      expect(new Headers(init?.headers).get('user-token')).toBe(TOKEN);
      return new Response(csvText, { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:statement';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = renderPage('?account=live-1&from=2026-03-01&to=2026-03-31');
    await screen.findByText('Transfer from your wallet');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('statement-live-2026-03-01-2026-03-31.csv');
    // The byte order mark survives reading the answer as text (Excel needs it).
    const saved = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...saved.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(saved)).toBe(csvText.slice(1));
    expect(blobs[0]?.type).toContain('text/csv');
  });

  it('prints the page with the browser’s print dialog', async () => {
    // jsdom has no print dialog: the browser's function is the boundary.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderPage('?account=live-1&from=2026-03-01&to=2026-03-31');
    await screen.findByText('Transfer from your wallet');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows the API’s reason when a period is refused, and skeleton rows while it loads', async () => {
    api.on(`GET ${STATEMENT_PATH}`, 'pending');
    const { unmount } = renderPage('?account=live-1&from=2026-03-01&to=2026-03-31');
    const table = await screen.findByRole('table');
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(4);
    unmount();

    api.on(`GET ${STATEMENT_PATH}`, {
      status: 400,
      body: {
        message: 'This period has more than 20,000 lines; choose a shorter one',
        code: 'BAD_REQUEST',
      },
    });
    renderPage('?account=live-1&from=2026-03-01&to=2026-03-31');
    expect(
      await screen.findByText('This period has more than 20,000 lines; choose a shorter one'),
    ).toBeTruthy();
  });

  it('sends a client without a trading account to the terminal', async () => {
    api.on('GET /api/trading/accounts', { status: 200, body: [] });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Open one in the terminal' });
    expect(link.getAttribute('href')).toBe('/userDashboard/trade');
  });
});
