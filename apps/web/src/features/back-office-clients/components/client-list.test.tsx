import type { StaffClientRow } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureCsvDownload, signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { fetchedUrls, installFakeApi, lastQuery, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ClientList } from './client-list';

const PATH = '/adminDashboard/clients';
const LIST = '/api/staff/clients';

function client(overrides: Partial<StaffClientRow> = {}): StaffClientRow {
  return {
    id: 'c-1',
    name: 'Ann Lee',
    email: 'ann@example.com',
    country: 'Canada',
    joinedAt: '2026-03-03T10:00:00.000Z',
    verified: true,
    disabled: false,
    balanceMinor: 123_456,
    ...overrides,
  };
}

const ANN = client();
const BO = client({
  id: 'c-2',
  name: 'Bo Chen',
  email: 'bo@example.com',
  country: 'Chile',
  verified: false,
  disabled: true,
  balanceMinor: 0,
});

function page(items: StaffClientRow[], total = items.length, pageNumber = 1) {
  return { status: 200, body: { items, total, page: pageNumber, pageSize: 25 } };
}

function renderList(search = '') {
  return renderRoutes([{ path: PATH, element: <ClientList /> }], `${PATH}${search}`);
}

function header(name: string): HTMLElement {
  const button = screen.getByRole('button', { name });
  const th = button.closest('th');
  if (!th) throw new Error(`no header ${name}`);
  return th;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signInAsStaff(api, 'operations');
});

describe('ClientList', () => {
  it('shows each client with a link, verification, status and balance', async () => {
    api.on(`GET ${LIST}`, page([ANN, BO]));
    renderList();

    const table = await screen.findByRole('table', { name: 'Clients' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Ann Lee', 'ann@example.com', 'Canada', '3 March 2026', 'Yes', 'Active', '$1,234.56'],
      ['Bo Chen', 'bo@example.com', 'Chile', '3 March 2026', 'No', 'Disabled', '$0.00'],
    ]);
    expect(screen.getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      '/adminDashboard/clients/c-1',
    );
    const query = lastQuery(LIST);
    expect(Object.fromEntries(query)).toEqual({
      sort: 'joined',
      dir: 'desc',
      page: '1',
      pageSize: '25',
    });
    expect(api.requests.find((r) => r.path === LIST)?.headers.get('x-auth-token')).toBe(
      STAFF_TOKEN,
    );
    expect(header('Joined').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').hasAttribute('aria-sort')).toBe(false);
  });

  it('searches about 300 ms after the last key, from page 1, and keeps q in the address', async () => {
    api.on(`GET ${LIST}`, page([ANN], 60));
    const { user, router } = renderList('?page=2');
    await screen.findByRole('link', { name: 'Ann Lee' });
    expect(lastQuery(LIST).get('page')).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'ann');

    await waitFor(() => expect(lastQuery(LIST).get('q')).toBe('ann'));
    expect(lastQuery(LIST).get('page')).toBe('1');
    // One request for the finished word, none for "a" or "an".
    const searched = fetchedUrls(LIST).filter((url) => url.searchParams.has('q'));
    expect(searched.map((url) => url.searchParams.get('q'))).toEqual(['ann']);
    expect(router.state.location.search).toBe('?q=ann');
  });

  it('sorts by a column on click and flips the direction on a second click', async () => {
    api.on(`GET ${LIST}`, page([ANN, BO]));
    const { user, router } = renderList();
    await screen.findByRole('link', { name: 'Ann Lee' });

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(LIST).get('sort')).toBe('name'));
    expect(lastQuery(LIST).get('dir')).toBe('asc');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Joined').hasAttribute('aria-sort')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(LIST).get('dir')).toBe('desc'));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(router.state.location.search).toBe('?sort=name&dir=desc');

    await user.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(lastQuery(LIST).get('sort')).toBe('balance'));
    expect(header('Balance').getAttribute('aria-sort')).toBe('ascending');
  });

  it('pages through the total the API reports', async () => {
    api.on(`GET ${LIST}`, () => {
      const current = Number(lastQuery(LIST).get('page'));
      return page([current === 3 ? BO : ANN], 60, current);
    });
    const { user, router } = renderList();
    await screen.findByText('Showing 1–25 of 60 · Page 1 of 3');
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(LIST).get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Bo Chen' });
    expect(screen.getByText('Showing 51–60 of 60 · Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('reads the search, sort and page from the address', async () => {
    api.on(`GET ${LIST}`, page([BO], 30, 2));
    renderList('?q=bo&sort=balance&dir=asc&page=2');
    await screen.findByRole('link', { name: 'Bo Chen' });
    expect(Object.fromEntries(lastQuery(LIST))).toEqual({
      q: 'bo',
      sort: 'balance',
      dir: 'asc',
      page: '2',
      pageSize: '25',
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('bo');
    expect(screen.getByRole('table', { name: 'Clients matching “bo”' })).toBeTruthy();
  });

  it('falls back to the defaults for an unknown sort, direction or page', async () => {
    api.on(`GET ${LIST}`, page([ANN]));
    renderList('?sort=password&dir=up&page=-3');
    await screen.findByRole('link', { name: 'Ann Lee' });
    expect(Object.fromEntries(lastQuery(LIST))).toEqual({
      sort: 'joined',
      dir: 'desc',
      page: '1',
      pageSize: '25',
    });
  });

  it('exports the same search and order as clients.csv', async () => {
    const csv = 'Name,E-mail\nAnn Lee,ann@example.com\n';
    const download = captureCsvDownload('/api/staff/clients.csv', csv);
    api.on(`GET ${LIST}`, page([ANN])).on('GET /api/staff/clients.csv', { status: 200 });
    const { user } = renderList('?q=ann&sort=name&dir=asc&page=2');
    await screen.findByRole('link', { name: 'Ann Lee' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(download.clicked).toHaveLength(1));
    expect(Object.fromEntries(lastQuery('/api/staff/clients.csv'))).toEqual({
      q: 'ann',
      sort: 'name',
      dir: 'asc',
    });
    expect(download.clicked[0]?.download).toBe('clients.csv');
    expect(await download.blobs[0]?.text()).toBe(csv);
    const request = api.requests.find((r) => r.path === '/api/staff/clients.csv');
    expect(request?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
  });

  it('says so when the list cannot load, and retries', async () => {
    api.on(`GET ${LIST}`, { status: 404, body: { message: 'Not found' } });
    const { user } = renderList();
    expect(await screen.findByText('We could not load the clients.')).toBeTruthy();
    api.on(`GET ${LIST}`, page([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No clients yet.')).toBeTruthy();
  });
});
