import type { AuditEntry } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureCsvDownload, signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { fetchedUrls, installFakeApi, lastQuery, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { AuditLog } from './audit-log';

const PATH = '/adminDashboard/audit';
const LOG = '/api/staff/audit';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'a-1',
    at: '2026-03-03T14:05:09.000Z',
    staffUsername: 'olga',
    staffRole: 'operations',
    action: 'client.disable',
    targetType: 'client',
    targetId: 'c-1',
    targetName: null,
    before: { disabled: false },
    after: { disabled: true, reason: 'Chargeback <b>fraud</b>' },
    ip: '203.0.113.7',
    ...overrides,
  };
}

const DISABLE = entry();
const CONFIRM = entry({
  id: 'a-2',
  at: '2026-03-03T12:00:00.000Z',
  action: 'deposit.confirm',
  targetType: 'transaction',
  targetId: 't-9',
  before: null,
  after: null,
  ip: null,
});
const OLDER = entry({
  id: 'a-3',
  action: 'withdrawal.approve',
  targetType: 'transaction',
  targetId: 't-10',
});

function renderLog(search = '') {
  return renderRoutes([{ path: PATH, element: <AuditLog /> }], `${PATH}${search}`);
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('AuditLog', () => {
  it('shows time, staff, action, target, IP and the before/after as JSON text', async () => {
    signInAsStaff(api, 'compliance');
    api.on(`GET ${LOG}`, { status: 200, body: { items: [DISABLE, CONFIRM], nextCursor: null } });
    const { user } = renderLog();

    const link = await screen.findByRole('link', { name: 'c-1' });
    expect(link.getAttribute('href')).toBe('/adminDashboard/clients/c-1');
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]?.textContent).toMatch(/^\d{2}-03-2026, \d{2}:05:09$/);
    expect(cells[1]?.textContent).toBe('olgaoperations');
    expect(cells[2]?.textContent).toBe('client.disable');
    expect(cells[3]?.textContent).toBe('clientc-1');
    expect(cells[4]?.textContent).toBe('203.0.113.7');

    const details = within(row).getByText('Before and after').closest('details');
    if (!details) throw new Error('no details');
    expect(details.open).toBe(false);
    await user.click(within(row).getByText('Before and after'));
    expect(details.open).toBe(true);
    const [before, after] = Array.from(details.querySelectorAll('pre'), (pre) => pre.textContent);
    expect(before).toBe('{\n  "disabled": false\n}');
    expect(after).toBe('{\n  "disabled": true,\n  "reason": "Chargeback <b>fraud</b>"\n}');
    expect(details.querySelector('b')).toBeNull();

    // A transaction target is not a link; no IP and no before/after read as dashes.
    const confirmRow = screen.getByText('deposit.confirm').closest('tr');
    if (!confirmRow) throw new Error('no row');
    expect(within(confirmRow).queryByRole('link')).toBeNull();
    expect(
      within(confirmRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(3),
    ).toEqual(['transactiont-9', '—', '—']);
    expect(lastQuery(LOG).get('limit')).toBe('50');
    expect(api.requests.find((r) => r.path === LOG)?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names the target a person reads, keeping its id in the tooltip', async () => {
    signInAsStaff(api, 'compliance');
    const named = entry({ targetName: 'Ada Lovelace' });
    const staffTarget = entry({
      id: 'a-9',
      targetType: 'staff',
      targetId: 's-1',
      targetName: 'bob',
    });
    api.on(`GET ${LOG}`, { status: 200, body: { items: [named, staffTarget], nextCursor: null } });
    renderLog();

    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toBe('/adminDashboard/clients/c-1');
    expect(link.getAttribute('title')).toBe('c-1');
    expect(screen.getByText('bob', { selector: 'span' }).getAttribute('title')).toBe('s-1');
  });

  it('puts the filters in the address and sends them, dates as the day’s start and end', async () => {
    signInAsStaff(api, 'owner');
    api.on(`GET ${LOG}`, { status: 200, body: { items: [], nextCursor: null } });
    const { user, router } = renderLog();
    await screen.findByText('No staff actions recorded yet.');

    await user.type(screen.getByLabelText('Staff username'), 'olga');
    await user.type(screen.getByLabelText('Action starts with'), 'deposit.');
    await user.type(screen.getByLabelText('Target id'), 't-9');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-03');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(lastQuery(LOG).get('staff')).toBe('olga'));
    const query = lastQuery(LOG);
    expect(query.get('action')).toBe('deposit.');
    expect(query.get('targetId')).toBe('t-9');
    expect(query.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(query.get('to')).toBe(new Date('2026-03-03T23:59:59.999').toISOString());
    expect(query.has('cursor')).toBe(false);
    expect(router.state.location.search).toBe(
      '?staff=olga&action=deposit.&targetId=t-9&from=2026-03-01&to=2026-03-03',
    );
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('Staff username').value).toBe('');
  });

  it('takes and shows filter dates as the table does, day-month-year, with a hint', async () => {
    signInAsStaff(api, 'owner');
    api.on(`GET ${LOG}`, { status: 200, body: { items: [CONFIRM], nextCursor: null } });
    const { user, router } = renderLog('?from=2026-03-01');
    await screen.findByText('deposit.confirm');

    const from = screen.getByLabelText<HTMLInputElement>('From');
    // The table's "03-03-2026, 12:00:00" and the filter agree on the order of day and month.
    expect(from.value).toBe('01-03-2026');
    expect(from.getAttribute('placeholder')).toBe('dd-mm-yyyy');
    const hint = document.getElementById(from.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Dates are day-month-year, as in the table: 03-03-2026.');

    await user.type(screen.getByLabelText('To'), '03-03-2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-03'),
    );
    expect(lastQuery(LOG).get('to')).toBe(new Date('2026-03-03T23:59:59.999').toISOString());

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '31-02-2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('Enter the date as day-month-year, e.g. 03-03-2026'),
    ).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-03');
  });

  it('refuses a From date after the To date', async () => {
    signInAsStaff(api, 'owner');
    api.on(`GET ${LOG}`, { status: 200, body: { items: [], nextCursor: null } });
    const { user, router } = renderLog();
    await screen.findByText('No staff actions recorded yet.');
    await user.type(screen.getByLabelText('From'), '2026-03-05');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('The “From” date must be on or before the “To” date'),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('loads older entries with the cursor the API returned, keeping the filters', async () => {
    signInAsStaff(api, 'auditor');
    api.on(`GET ${LOG}`, () => {
      const cursor = lastQuery(LOG).get('cursor');
      return cursor === 'cur-2'
        ? { status: 200, body: { items: [OLDER], nextCursor: null } }
        : { status: 200, body: { items: [DISABLE, CONFIRM], nextCursor: 'cur-2' } };
    });
    const { user } = renderLog('?action=deposit');
    await screen.findByText('deposit.confirm');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('withdrawal.approve')).toBeTruthy();
    const urls = fetchedUrls(LOG);
    expect(urls).toHaveLength(2);
    expect(urls[1]?.searchParams.get('cursor')).toBe('cur-2');
    expect(urls[1]?.searchParams.get('action')).toBe('deposit');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('exports the filtered log as CSV', async () => {
    signInAsStaff(api, 'compliance');
    const csv = 'at,staff,action\n';
    const download = captureCsvDownload('/api/staff/audit.csv', csv);
    api
      .on(`GET ${LOG}`, { status: 200, body: { items: [DISABLE], nextCursor: 'cur-2' } })
      .on('GET /api/staff/audit.csv', { status: 200 });
    const { user } = renderLog('?staff=olga&from=2026-03-01');
    await screen.findByText('client.disable');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(download.clicked).toHaveLength(1));
    const query = lastQuery('/api/staff/audit.csv');
    expect(query.get('staff')).toBe('olga');
    expect(query.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(query.has('cursor')).toBe(false);
    expect(query.has('limit')).toBe(false);
    expect(download.clicked[0]?.download).toBe('audit-log.csv');
    expect(await download.blobs[0]?.text()).toBe(csv);
  });

  it('tells a role without audit:read that it cannot read the log, without asking the API', async () => {
    signInAsStaff(api, 'support');
    renderLog();
    expect(await screen.findByText('Your role cannot read the audit log.')).toBeTruthy();
    expect(api.requests.some((r) => r.path === LOG)).toBe(false);
  });
});
