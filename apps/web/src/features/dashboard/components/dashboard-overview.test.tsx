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

// One day: $0 at midnight, a $1,125 deposit, a $960 withdrawal request, and the balance now.
const HISTORY = {
  points: [
    { at: '2026-03-03T00:00:00.000Z', balanceMinor: 0 },
    { at: '2026-03-03T09:00:00.000Z', balanceMinor: 112_500 },
    { at: '2026-03-03T09:30:00.000Z', balanceMinor: 16_500 },
    { at: '2026-03-03T14:05:09.000Z', balanceMinor: 16_500 },
  ],
  highestMinor: 112_500,
  lowestMinor: 0,
};
const POINTS = HISTORY.points;

function renderDashboard() {
  return renderAt(<DashboardOverview />, '/userDashboard/dashboard');
}

let api: FakeApi;
beforeEach(() => {
  for (const fn of Object.values(chart)) fn.mockClear();
  window.localStorage.setItem('user-token', 'tok-1');
  api = installFakeApi()
    .on('GET /api/userDashboard/send/', { status: 200, body: DASHBOARD })
    .on('GET /api/money/balance-history', { status: 200, body: HISTORY })
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

  it('draws the balance after every change and names the peak within the day', async () => {
    renderDashboard();
    const section = screen.getByRole('region', { name: 'Balance over time' });

    expect(
      await within(section).findByText(
        'Balance on 03-03-2026, 14:05:09: $165.00. Since 03-03-2026, 00:00:00 ($0.00), ' +
          'lowest $0.00, highest $1,125.00.',
        { exact: false },
      ),
    ).toBeTruthy();
    const table = within(section).getByRole('table', { name: 'Balance after each change' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(rows).toEqual([
      '03-03-2026, 00:00:00$0.00',
      '03-03-2026, 09:00:00$1,125.00',
      '03-03-2026, 09:30:00$165.00',
      '03-03-2026, 14:05:09$165.00',
    ]);

    await waitFor(() => expect(chart.setData).toHaveBeenCalledTimes(1));
    expect(chart.setData).toHaveBeenCalledWith(
      POINTS.map((point) => ({
        time: Date.parse(point.at) / 1000,
        value: point.balanceMinor / 100,
      })),
    );
    // The drawing is decoration; the caption and the table carry the data.
    expect(chart.created.mock.calls[0]?.[0].getAttribute('aria-hidden')).toBe('true');
  });

  it('shows where the profit came from: credited by staff', async () => {
    api
      .on('GET /api/userDashboard/send/', {
        status: 200,
        body: dashboardResponse({
          finances: [{ deposited: 0, profit: 40, bonus: 0, refBonus: 0, balance: 40 }],
        }),
      })
      .on('GET /api/money/profit', {
        status: 200,
        body: { totalMinor: 4_000, parts: [{ source: 'staff', amountMinor: 4_000 }] },
      });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Profit' });
    const parts = await within(card).findByRole('list', { name: 'Where your profit came from' });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Credited by staff: $40.00']);
  });

  it('shows a live trading account’s realised P/L beside staff credits, even when negative', async () => {
    api
      .on('GET /api/userDashboard/send/', {
        status: 200,
        body: dashboardResponse({
          finances: [{ deposited: 0, profit: 19, bonus: 0, refBonus: 0, balance: 40 }],
        }),
      })
      .on('GET /api/money/profit', {
        status: 200,
        body: {
          totalMinor: 1_900,
          parts: [
            { source: 'staff', amountMinor: 4_000 },
            { source: 'trading', amountMinor: -2_100 },
          ],
        },
      });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Profit' });
    const parts = await within(card).findByRole('list', { name: 'Where your profit came from' });
    const texts = within(parts)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts[0]).toBe('Credited by staff: $40.00');
    expect(texts[1]).toMatch(/^Realised by trades: [−-]\$21\.00$/);
  });

  it('claims no part of a profit that has none', async () => {
    api.on('GET /api/money/profit', { status: 200, body: { totalMinor: 0, parts: [] } });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Profit' });
    await waitFor(() =>
      expect(card.querySelector('.finance-card-value')?.textContent).toBe('$12.50'),
    );
    expect(within(card).queryByRole('list')).toBeNull();
    expect(card.textContent).not.toMatch(/trad/i);
  });

  it('shows the plans held and what they cost', async () => {
    api.on('GET /api/userDashboard/send/', {
      status: 200,
      body: dashboardResponse({
        finances: [{ deposited: 1125, profit: 0, bonus: 0, refBonus: 0, balance: 165 }],
        subscriptions: [
          {
            _id: 'sub-2',
            planName: 'Gold',
            amount: 1000,
            profitPercent: 0,
            duration: 30,
            status: 'Active',
            startDate: '2026-03-03T09:20:00.000Z',
            endDate: '2026-04-02T09:20:00.000Z',
          },
          {
            _id: 'sub-1',
            planName: 'Basic',
            amount: 500,
            profitPercent: 0,
            duration: 30,
            status: 'Completed',
            startDate: '2026-01-01T09:20:00.000Z',
            endDate: '2026-01-31T09:20:00.000Z',
          },
        ],
      }),
    });
    renderDashboard();
    const plans = await screen.findByRole('region', { name: 'Your plans' });
    await waitFor(() => expect(plans.textContent).toContain('Gold'));
    expect(within(plans).getByRole('listitem').textContent).toBe(
      'Gold: $1,000.00 paid, active until 2 April 2026',
    );
    expect(plans.textContent).toContain(
      'Paid for this plan: $1,000.00. This money is no longer part of your balance.',
    );
    expect(within(plans).getByRole('link', { name: 'See your earlier plan' })).toBeTruthy();
  });

  it('says so when no plan is held', async () => {
    renderDashboard();
    const plans = await screen.findByRole('region', { name: 'Your plans' });
    await waitFor(() => expect(plans.textContent).toContain('You hold no active plan.'));
  });

  it('shows an empty state and draws nothing without history', async () => {
    api.on('GET /api/money/balance-history', {
      status: 200,
      body: { points: [], highestMinor: null, lowestMinor: null },
    });
    renderDashboard();
    expect(await screen.findByText(/^No balance history yet/)).toBeTruthy();
    expect(chart.created).not.toHaveBeenCalled();
  });

  it('offers a retry when the balance history cannot be loaded', async () => {
    api.on('GET /api/money/balance-history', { status: 404, body: { message: 'Not found' } });
    const { user } = renderDashboard();
    const section = screen.getByRole('region', { name: 'Balance over time' });
    await within(section).findByText('We could not load your balance history.');

    api.on('GET /api/money/balance-history', { status: 200, body: HISTORY });
    await user.click(within(section).getByRole('button', { name: 'Try again' }));

    expect(await within(section).findByText(/^Balance on 03-03-2026, 14:05:09/)).toBeTruthy();
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
