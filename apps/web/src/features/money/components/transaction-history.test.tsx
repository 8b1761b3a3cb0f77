import { MESSAGES, type Transaction } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fetchedUrls, installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { moneyRequest } from '../../../testing/money-request';
import { renderRoutes } from '../../../testing/render';
import { signIn, TOKEN } from '../testing/money-fixtures';
import { TransactionHistory } from './transaction-history';

const PATH = '/userDashboard/transactionHistory';

function row(overrides: Partial<Transaction>): Transaction {
  const { events: _events, ...transaction } = moneyRequest({ status: 'completed', ...overrides });
  return transaction;
}

const DEPOSIT = row({ id: 't-1', amountMinor: 50_000 });
const WITHDRAWAL = row({
  id: 't-2',
  date: '2026-03-02T08:00:00.000Z',
  type: 'withdrawal',
  direction: 'debit',
  amountMinor: 20_000,
  feeMinor: 580,
  method: 'skrill',
  status: 'pending',
});
const REF_BONUS = row({
  id: 't-3',
  date: '2026-03-01T08:00:00.000Z',
  type: 'ref_bonus',
  amountMinor: 5_000,
  method: null,
});

function renderHistory(search = '') {
  return renderRoutes([{ path: PATH, element: <TransactionHistory /> }], `${PATH}${search}`);
}

function bodyRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent ?? ''),
    );
}

function lastQuery(): URLSearchParams {
  const url = fetchedUrls('/api/transactions').at(-1);
  if (!url) throw new Error('no /api/transactions request');
  return url.searchParams;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signIn();
});

describe('TransactionHistory', () => {
  it('shows Date, Type, Amount and Status with signs, fees and lower-cased style names', async () => {
    api.on('GET /api/transactions', {
      status: 200,
      body: { items: [DEPOSIT, WITHDRAWAL, REF_BONUS], nextCursor: null },
    });
    renderHistory();

    await waitFor(() =>
      expect(bodyRows()).toEqual([
        ['03-03-2026, 14:05:09', 'Deposit', '+$500.00', 'Completed'],
        ['02-03-2026, 08:00:00', 'Withdrawal', '\u2212$200.00Fee $5.80', 'Pending'],
        ['01-03-2026, 08:00:00', 'Ref. Bonus', '+$50.00', 'Completed'],
      ]),
    );
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Type', 'Amount', 'Status']);
    expect(screen.getByText('Ref. Bonus', { selector: 'td span' }).className).toContain(
      'tx-type--ref_bonus',
    );
    expect(screen.getByText('Pending', { selector: 'td span' }).className).toContain(
      'tx-status--pending',
    );
    expect(screen.getByRole('table', { name: /Your transactions/ })).toBeTruthy();
    expect(lastQuery().get('limit')).toBe('25');
    expect(api.requests[0]?.headers.get('user-token')).toBe(TOKEN);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says No transaction found when there is none', async () => {
    api.on('GET /api/transactions', { status: 200, body: { items: [], nextCursor: null } });
    renderHistory();
    expect(await screen.findByText('No transaction found')).toBeTruthy();
    expect(MESSAGES.empty.transactions).toBe('No transaction found');
  });

  it('keeps the filters in the address and sends them as query parameters', async () => {
    api.on('GET /api/transactions', { status: 200, body: { items: [], nextCursor: null } });
    const { user, router } = renderHistory('?status=pending');
    await screen.findByText('No transaction found');
    expect(lastQuery().get('status')).toBe('pending');
    expect(lastQuery().has('type')).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('pending');

    await user.selectOptions(screen.getByLabelText('Type'), 'withdrawal');

    await waitFor(() => expect(lastQuery().get('type')).toBe('withdrawal'));
    expect(lastQuery().get('status')).toBe('pending');
    expect(router.state.location.search).toBe('?status=pending&type=withdrawal');

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?type=withdrawal'));
    await waitFor(() => expect(lastQuery().has('status')).toBe(false));
  });

  it('ignores an unknown filter in the address', async () => {
    api.on('GET /api/transactions', { status: 200, body: { items: [], nextCursor: null } });
    renderHistory('?type=lottery');
    await screen.findByText('No transaction found');
    expect(lastQuery().has('type')).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('');
  });

  it('loads the next page with the cursor and appends it', async () => {
    api.on('GET /api/transactions', () => {
      const cursor = lastQuery().get('cursor');
      return cursor === 'cursor-2'
        ? { status: 200, body: { items: [REF_BONUS], nextCursor: null } }
        : { status: 200, body: { items: [DEPOSIT, WITHDRAWAL], nextCursor: 'cursor-2' } };
    });
    const { user } = renderHistory();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(lastQuery().get('cursor')).toBe('cursor-2');
    expect(bodyRows()[2]?.[1]).toBe('Ref. Bonus');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    api.on('GET /api/transactions', { status: 404, body: { message: 'Not found' } });
    const { user } = renderHistory();
    const message = await screen.findByText('We could not load your transactions.');
    expect(message.closest('[role="alert"]')).toBeTruthy();

    api.on('GET /api/transactions', { status: 200, body: { items: [DEPOSIT], nextCursor: null } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });

  it('downloads the filtered CSV with the user token as transactions.csv', async () => {
    const csvText = 'Date,Type,Amount,Status\n2026-03-03T14:05:09.000Z,Deposit,500.00,Completed\n';
    // The fake answers JSON; the real endpoint answers text/csv.
    const fakeFetch = globalThis.fetch;
    const csvUrls: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await fakeFetch(input, init);
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/transactions.csv') return answer;
      csvUrls.push(url);
      return new Response(csvText, { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    api.on('GET /api/transactions', { status: 200, body: { items: [], nextCursor: null } });
    api.on('GET /api/transactions.csv', { status: 200 });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:transactions';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    const { user } = renderHistory('?type=deposit');
    await screen.findByText('No transaction found');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const csvRequest = api.requests.find((r) => r.path === '/api/transactions.csv');
    expect(csvRequest?.headers.get('user-token')).toBe(TOKEN);
    const [csvUrl] = csvUrls;
    expect(csvUrl?.searchParams.get('type')).toBe('deposit');
    expect(csvUrl?.searchParams.has('cursor')).toBe(false);
    expect(clicked[0]?.download).toBe('transactions.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:transactions');
    expect(await blobs[0]?.text()).toBe(csvText);
    expect(blobs[0]?.type).toContain('text/csv');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says so when the CSV cannot be prepared', async () => {
    api.on('GET /api/transactions', { status: 200, body: { items: [], nextCursor: null } });
    api.on('GET /api/transactions.csv', { status: 404, body: { message: 'Not found' } });
    const { user } = renderHistory();
    await screen.findByText('No transaction found');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'We could not prepare the CSV file. Please try again.',
      ),
    );
  });

  it('says which lines staff credited, with their reason, and which the client made', async () => {
    api.on('GET /api/transactions', {
      status: 200,
      body: {
        items: [
          row({ id: 's-1', type: 'profit', method: null, enteredBy: 'staff', reason: null }),
          row({
            id: 's-2',
            type: 'profit',
            method: null,
            amountMinor: 2_500,
            enteredBy: 'staff',
            reason: 'Q3 goodwill',
          }),
          row({ id: 's-3', enteredBy: 'client' }),
        ],
        nextCursor: null,
      },
    });
    renderHistory();

    await waitFor(() =>
      expect(bodyRows().map((cells) => cells.slice(1))).toEqual([
        ['ProfitCredited by staff', '+$500.00', 'Completed'],
        ['ProfitCredited by staff: Q3 goodwill', '+$25.00', 'Completed'],
        ['Deposit', '+$500.00', 'Completed'],
      ]),
    );
  });

  it('scrolls the table in a focusable region that a visible hint describes on a phone', async () => {
    // A 390 px screen: the table (34rem at least) is wider than its box.
    const spies = [
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(544),
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358),
    ];
    onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
    api.on('GET /api/transactions', {
      status: 200,
      body: { items: [DEPOSIT], nextCursor: null },
    });
    renderHistory();
    const region = await screen.findByRole('region', { name: /Your transactions/ });
    expect(region.tabIndex).toBe(0);
    await waitFor(() => expect(region.getAttribute('aria-describedby')).toBeTruthy());
    const hint = document.getElementById(region.getAttribute('aria-describedby') ?? '');
    expect(hint?.hidden).toBe(false);
    expect(hint?.textContent).toContain('Scroll sideways to see every column');
  });
});
