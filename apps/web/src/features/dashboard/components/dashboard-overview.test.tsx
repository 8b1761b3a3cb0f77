import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardResponse } from '../../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { moneyRequest } from '../../../testing/money-request';
import { renderAt } from '../../../testing/render';
import { DashboardOverview } from './dashboard-overview';

// The chart library draws on a canvas happy-dom does not have: record what it is given instead.
const chart = vi.hoisted(() => ({
  setData: vi.fn(),
  remove: vi.fn(),
  created: vi.fn(),
}));
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'AreaSeries',
  createChart: (box: HTMLElement) => {
    chart.created(box);
    return {
      addSeries: () => ({ setData: chart.setData }),
      timeScale: () => ({ fitContent: () => {} }),
      remove: chart.remove,
    };
  },
}));

const DASHBOARD = dashboardResponse({
  emailVerified: false,
  finances: [{ deposited: 1500, profit: 12.5, bonus: 0, refBonus: 0.05, balance: 1512.55 }],
});

const OPEN_DEPOSIT = moneyRequest();

const POINTS = [
  { date: '2026-03-01', balanceMinor: 150_000 },
  { date: '2026-03-02', balanceMinor: 150_000 },
  { date: '2026-03-03', balanceMinor: 151_255 },
];

function renderDashboard() {
  return renderAt(<DashboardOverview />, '/userDashboard/dashboard');
}

let api: FakeApi;
beforeEach(() => {
  for (const fn of Object.values(chart)) fn.mockClear();
  window.localStorage.setItem('user-token', 'tok-1');
  api = installFakeApi()
    .on('GET /api/userDashboard/send/', { status: 200, body: DASHBOARD })
    .on('GET /api/money/balance-history', { status: 200, body: { points: POINTS } })
    .on('GET /api/money-requests', { status: 200, body: { items: [OPEN_DEPOSIT] } });
});

describe('DashboardOverview', () => {
  it('keeps the welcome and the five cards', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    const balance = screen.getByRole('region', { name: 'Balance' });
    expect(balance.querySelector('.finance-card-value')?.textContent).toBe('$1,512.55');
  });

  it('lists the open requests with type, amount, method, status and time, and links to them', async () => {
    renderDashboard();
    const section = screen.getByRole('region', { name: 'Open requests' });
    const item = await within(section).findByRole('listitem');
    await waitFor(() => expect(item.textContent).toContain('Deposit'));
    expect(item.textContent).toBe(
      'Deposit $500.00 via Bitcoin Pending requested 03-03-2026, 14:05:09',
    );
    expect(within(item).getByText('Pending').className).toContain('tx-status--pending');
    expect(
      within(section).getByRole('link', { name: 'Deposit or withdraw' }).getAttribute('href'),
    ).toBe('/userDashboard/depositWithdrawal');

    const request = (fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/money-requests');
    expect(request?.searchParams.get('open')).toBe('true');
  });

  it('says so when no request is open', async () => {
    api.on('GET /api/money-requests', { status: 200, body: { items: [] } });
    renderDashboard();
    expect(
      await screen.findByText('You have no open deposit or withdrawal requests.'),
    ).toBeTruthy();
  });

  it('draws the balance chart and describes it in text', async () => {
    renderDashboard();
    const section = screen.getByRole('region', { name: 'Balance over time' });

    expect(await within(section).findByText(/^Balance on 03-03-2026: \$1,512\.55\./)).toBeTruthy();
    const table = within(section).getByRole('table', {
      name: 'Balance at the end of each day with activity',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(rows).toEqual(['01-03-2026$1,500.00', '02-03-2026$1,500.00', '03-03-2026$1,512.55']);

    await waitFor(() => expect(chart.setData).toHaveBeenCalledTimes(1));
    expect(chart.setData).toHaveBeenCalledWith([
      { time: '2026-03-01', value: 1500 },
      { time: '2026-03-02', value: 1500 },
      { time: '2026-03-03', value: 1512.55 },
    ]);
    // The drawing is decoration; the caption and the table carry the data.
    expect(chart.created.mock.calls[0]?.[0].getAttribute('aria-hidden')).toBe('true');
  });

  it('shows an empty state and draws nothing without history', async () => {
    api.on('GET /api/money/balance-history', { status: 200, body: { points: [] } });
    renderDashboard();
    expect(await screen.findByText(/^No balance history yet/)).toBeTruthy();
    expect(chart.created).not.toHaveBeenCalled();
  });

  it('offers a retry when the balance history cannot be loaded', async () => {
    api.on('GET /api/money/balance-history', { status: 404, body: { message: 'Not found' } });
    const { user } = renderDashboard();
    const section = screen.getByRole('region', { name: 'Balance over time' });
    await within(section).findByText('We could not load your balance history.');

    api.on('GET /api/money/balance-history', { status: 200, body: { points: POINTS } });
    await user.click(within(section).getByRole('button', { name: 'Try again' }));

    expect(await within(section).findByText(/^Balance on 03-03-2026/)).toBeTruthy();
  });

  it('still shows the chart and the requests when the cards cannot be loaded', async () => {
    api.on('GET /api/userDashboard/send/', { status: 404, body: { message: 'Not found' } });
    renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load your dashboard',
    );
    expect(await screen.findByText(/^Balance on 03-03-2026/)).toBeTruthy();
    expect(await screen.findByText(/\$500\.00 via Bitcoin/)).toBeTruthy();
  });
});
